import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '@web/lib/cn';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  prefixIcon?: ReactNode;
  invalid?: boolean;
}

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ className, prefixIcon, invalid, ...props }, ref) {
  return (
    <span
      className={cn(
        'flex items-center gap-2 rounded border bg-surface px-3 transition-colors',
        'focus-within:border-primary focus-within:ring-2 focus-within:ring-primary/20',
        invalid ? 'border-danger' : 'border-[#d9d9d9] hover:border-primary',
        className,
      )}
    >
      {prefixIcon ? <span className="text-text-muted">{prefixIcon}</span> : null}
      <input ref={ref} aria-invalid={invalid || undefined} className="h-full min-w-0 flex-1 bg-transparent outline-none placeholder:text-black/30 focus-visible:outline-none" {...props} />
    </span>
  );
});
