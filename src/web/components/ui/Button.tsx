import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cn } from '@web/lib/cn';

type Variant = 'primary' | 'default' | 'ghost' | 'danger' | 'link';
type Size = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
}

const variants: Record<Variant, string> = {
  primary: 'bg-primary-strong text-primary-foreground border-primary-strong hover:brightness-110 active:brightness-90',
  default: 'bg-surface text-text border-border hover:text-primary-strong hover:border-primary',
  ghost: 'bg-transparent border-transparent text-text hover:bg-black/5',
  danger: 'bg-danger text-white border-danger hover:opacity-90',
  link: 'bg-transparent border-transparent text-primary-strong hover:text-primary-strong px-0',
};

const sizes: Record<Size, string> = {
  sm: 'h-7 px-2.5 text-[13px]',
  md: 'h-8 px-4 text-sm',
  lg: 'h-10 px-5 text-base',
};

/** The console's button: primary for the main action of a view, default for the rest. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button({ variant = 'default', size = 'md', className, type = 'button', ...props }, ref) {
  return (
    <button
      ref={ref}
      type={type}
      className={cn(
        'inline-flex items-center justify-center gap-1.5 rounded border whitespace-nowrap transition-colors select-none',
        'disabled:cursor-not-allowed disabled:opacity-50',
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
});
