import * as Dialog from '@radix-ui/react-dialog';
import { fileUrl } from '@web/api/files';
import { previewKind } from '@web/api/oss';
import { Button } from '@web/components/ui/Button';
import { DialogHeader } from '@web/components/ui/DialogHeader';
import { useT } from '@web/i18n';
import { storedName } from '@web/api/files';
import { useDialogs } from '../stores/dialogs';

/** A stored picture or PDF shown in place (1200 wide, as the spec's detail modals), with 下载. */
export default function FilePreviewDialog({ path }: { path?: string | undefined }) {
  const t = useT();
  const close = useDialogs((state) => state.close);
  if (!path) return null;
  const kind = previewKind(path);
  const url = fileUrl(path);
  const name = storedName(path);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/45" />
        <Dialog.Content
          className="fixed top-[5vh] left-1/2 z-50 flex max-h-[90vh] w-[1200px] max-w-[calc(100vw-24px)] -translate-x-1/2 flex-col rounded-md bg-surface shadow-2xl"
          data-testid="file-preview"
          aria-describedby={undefined}
        >
          <div className="border-b border-border px-6 py-4">
            <DialogHeader title={name} />
          </div>
          <div className="flex min-h-0 flex-1 items-center justify-center overflow-auto bg-[#f5f5f5] p-4">
            {kind === 'image' ? (
              <img src={url} alt={name} className="max-h-[70vh] max-w-full object-contain" data-testid="preview-image" />
            ) : kind === 'pdf' ? (
              <iframe src={`${url}${url.includes('?') ? '&' : '?'}inline=1`} title={name} className="h-[70vh] w-full border-0 bg-white" data-testid="preview-pdf" />
            ) : (
              <p className="text-sm text-text-muted">{t('files.noPreview')}</p>
            )}
          </div>
          <div className="flex justify-end gap-2 border-t border-border px-6 py-3">
            <Button onClick={() => window.open(url, '_blank', 'noopener')}>{t('files.download')}</Button>
            <Button variant="primary" onClick={close}>
              {t('common.close')}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
