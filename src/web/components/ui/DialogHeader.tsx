import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useT } from '@web/i18n';

/** A dialog's title with its close button (help sheet, settings drawer). */
export function DialogHeader({ title, size = 'base' }: { title: string; size?: 'base' | 'lg' }) {
  const t = useT();
  return (
    <div className="flex items-start justify-between">
      <Dialog.Title className={size === 'lg' ? 'text-lg font-medium' : 'text-base font-medium'}>{title}</Dialog.Title>
      <Dialog.Close className="rounded p-1 hover:bg-black/5" aria-label={t('common.cancel')}>
        <X className="size-4" />
      </Dialog.Close>
    </div>
  );
}
