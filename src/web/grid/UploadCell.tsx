import { useRef, useState } from 'react';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { Download, ImageIcon, Paperclip, Upload, X } from 'lucide-react';
import { toast } from '@web/lib/toast';
import { fileUrl, shortName, uploadFile } from '@web/api/files';
import { openConfirm } from '@web/components/dialogs';
import { useT } from '@web/i18n';

export interface UploadCellParams {
  kind: 'file' | 'image';
  disableDownload?: boolean;
  disableRemove?: boolean;
  biz?: string;
}

type Status = { state: 'idle' } | { state: 'uploading'; percent: number; name: string } | { state: 'error'; message: string };

/**
 * A file or image cell: one file; upload with percent, then a download link and remove (unless
 * the column disables them). Image cells accept only images (请上传图片).
 */
export function UploadCell(props: CustomCellRendererProps & UploadCellParams) {
  const { value, node, column, kind, disableDownload, disableRemove, biz = 'temp' } = props;
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  if (node.rowPinned || !column) return null;
  const stored = typeof value === 'string' && value ? value : '';
  const name =
    stored
      .split('/')
      .pop()
      ?.replace(/_\d{13}(\.[^.]*)?$/, '$1') ?? '';

  async function pick(file: File | undefined) {
    if (!file) return;
    if (kind === 'image' && !file.type.includes('image')) {
      toast.warning(t('upload.imageOnly'));
      return;
    }
    setStatus({ state: 'uploading', percent: 0, name: file.name });
    try {
      const path = await uploadFile(file, biz, (percent) => setStatus({ state: 'uploading', percent, name: file.name }));
      node.setDataValue(column!.getColId(), path);
      setStatus({ state: 'idle' });
    } catch (error) {
      const message = error instanceof Error ? error.message : t('upload.unknownError');
      setStatus({ state: 'error', message });
      if (kind === 'image') void openConfirm({ title: t('upload.errorTitle'), description: message, hideCancel: true });
      else toast.error(message);
    }
  }

  return (
    <span className="flex h-full items-center gap-1.5" data-testid={`upload-cell-${kind}`}>
      <input ref={input} type="file" hidden accept={kind === 'image' ? 'image/*' : undefined} onChange={(event) => void pick(event.target.files?.[0])} data-testid="upload-input" />
      {status.state === 'uploading' ? (
        <span className="text-xs text-text-muted" role="status">
          {t('upload.progress', { percent: status.percent })}
        </span>
      ) : stored ? (
        <>
          {kind === 'image' ? <img src={fileUrl(stored)} alt={name} className="size-7 rounded object-cover" /> : <Paperclip className="size-3.5 text-text-muted" aria-hidden />}
          <span title={name} className="truncate text-xs" data-testid="upload-name">
            {shortName(name)}
          </span>
          {disableDownload ? null : (
            <a
              href={fileUrl(stored)}
              download={name}
              target="_blank"
              rel="noreferrer"
              aria-label={t('upload.download', { name })}
              className="text-primary-strong"
              onClick={(event) => event.stopPropagation()}
            >
              <Download className="size-3.5" aria-hidden />
            </a>
          )}
          {disableRemove ? null : (
            <button type="button" aria-label={t('upload.remove', { name })} className="text-text-muted hover:text-danger" onClick={() => node.setDataValue(column.getColId(), null)}>
              <X className="size-3.5" aria-hidden />
            </button>
          )}
        </>
      ) : (
        <button type="button" onClick={() => input.current?.click()} className="flex items-center gap-1 text-xs text-primary-strong hover:text-primary-strong" data-testid="upload-button">
          {kind === 'image' ? <ImageIcon className="size-3.5" aria-hidden /> : <Upload className="size-3.5" aria-hidden />}
          {t(kind === 'image' ? 'upload.image' : 'upload.file')}
        </button>
      )}
      {status.state === 'error' ? (
        <span className="truncate text-xs text-danger" title={status.message} role="alert">
          {t('upload.failed')}
        </span>
      ) : null}
    </span>
  );
}
