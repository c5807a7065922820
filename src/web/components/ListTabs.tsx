import type { ReactNode } from 'react';
import { cn } from '@web/lib/cn';

/** A row of tabs over a screen's lists (数据字典's items, 日志管理's logs), with room after them for a note. */
export function ListTabs({
  label,
  titles,
  current,
  onChange,
  className,
  children,
}: {
  label: string;
  titles: readonly string[];
  current: number;
  onChange(index: number): void;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={cn('flex items-center gap-4 border-b border-border', className)} role="tablist" aria-label={label}>
      {titles.map((title, index) => (
        <button
          key={title}
          type="button"
          role="tab"
          aria-selected={current === index}
          className={cn('-mb-px border-b-2 px-1 pb-2 text-sm', current === index ? 'border-primary text-primary-strong' : 'border-transparent text-text-muted hover:text-primary-strong')}
          onClick={() => onChange(index)}
        >
          {title}
        </button>
      ))}
      {children}
    </div>
  );
}
