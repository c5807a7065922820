import { useRef, useState } from 'react';
import { Paperclip, X } from 'lucide-react';
import { uploadFile } from '@web/api/files';
import { Button } from '@web/components/ui/Button';
import { useT } from '@web/i18n';
import { toast } from '@web/lib/toast';
import { FormDialog } from './FormDialog';

/** The spec's upload popup: 520 × 200. */
const WIDTH = 520;
const MIN_HEIGHT = 200;

interface Entry {
  key: string;
  name: string;
  percent: number;
  status: 'uploading' | 'done' | 'error';
  path?: string;
  message?: string;
}

/**
 * The upload popup (spec section 2): several files at once, each uploaded as soon as it is chosen
 * with its percent; at most `max` kept (0: no limit), the last ones winning; the biz folder
 * `temp` unless told. OK with nothing uploaded says 未上传任何文件 and stays open.
 */
export default function UploadDialog({ biz, max, route }: { biz?: string | undefined; max?: string | undefined; route?: string | undefined }) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [entries, setEntries] = useState<Entry[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const limit = Number(max ?? 0) || 0;

  const change = (key: string, patch: Partial<Entry>) => setEntries((current) => current.map((entry) => (entry.key === key ? { ...entry, ...patch } : entry)));

  function pick(files: FileList | null) {
    if (!files?.length) return;
    setProblem(null);
    const chosen = [...files].map((file, index) => ({ file, entry: { key: `${Date.now()}-${index}-${file.name}`, name: file.name, percent: 0, status: 'uploading' as const } }));
    // Past the maximum the newest stay.
    setEntries((current) => {
      const next = [...current, ...chosen.map((item) => item.entry)];
      return limit ? next.slice(-limit) : next;
    });
    for (const { file, entry } of chosen)
      void uploadFile(file, biz || 'temp', (percent) => change(entry.key, { percent }), route === 'oss' ? 'oss' : 'common').then(
        (path) => change(entry.key, { status: 'done', percent: 100, path }),
        (error: unknown) => change(entry.key, { status: 'error', message: error instanceof Error ? error.message.replace(/^Error: /, '') : t('upload.unknownError') }),
      );
    if (input.current) input.current.value = '';
  }

  const submit = async () => {
    if (entries.some((entry) => entry.status === 'uploading')) {
      setProblem(t('upload.stillUploading'));
      return false;
    }
    const done = entries.filter((entry) => entry.status === 'done');
    if (!done.length) {
      setProblem(t('upload.nothing'));
      return false;
    }
    toast.success(t('upload.doneCount', { count: done.length }));
    return true;
  };

  return (
    <FormDialog title={t('upload.title')} width={WIDTH} testId="upload-dialog" onSubmit={submit}>
      <div className="flex flex-col gap-3" style={{ minHeight: MIN_HEIGHT - 40 }}>
        <div className="flex items-center gap-3">
          <input ref={input} type="file" multiple className="sr-only" onChange={(event) => pick(event.target.files)} data-testid="upload-input" aria-label={t('upload.file')} />
          <Button onClick={() => input.current?.click()}>
            <Paperclip className="size-4" aria-hidden />
            {t('upload.file')}
          </Button>
          <span className="text-xs text-text-muted">{limit ? t('upload.limit', { max: limit }) : t('upload.noLimit')}</span>
        </div>
        <ul className="flex flex-col gap-1.5" data-testid="upload-entries">
          {entries.map((entry) => (
            <li key={entry.key} className="flex items-center gap-2 text-sm">
              <span className={entry.status === 'error' ? 'min-w-0 flex-1 truncate text-danger' : 'min-w-0 flex-1 truncate'} title={entry.message ?? entry.name}>
                {entry.name}
              </span>
              <span className="shrink-0 text-xs text-text-muted" data-status={entry.status}>
                {entry.status === 'uploading' ? t('upload.progress', { percent: entry.percent }) : entry.status === 'done' ? t('upload.done') : (entry.message ?? t('upload.failed'))}
              </span>
              <button
                type="button"
                aria-label={t('upload.remove', { name: entry.name })}
                className="rounded p-0.5 hover:bg-black/5"
                onClick={() => setEntries((current) => current.filter((other) => other.key !== entry.key))}
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
        {problem ? (
          <p className="text-[13px] text-danger" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
    </FormDialog>
  );
}
