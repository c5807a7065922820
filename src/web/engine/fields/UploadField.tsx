import { useId, useRef, useState } from 'react';
import { Paperclip, X } from 'lucide-react';
import { fileUrl, storedName, uploadFile } from '@web/api/files';
import { Button } from '@web/components/ui/Button';
import { Field } from '@web/dialogs/fields';
import { useT } from '@web/i18n';

/**
 * A file or image field of a form: one file, uploaded as soon as it is chosen (with its percent),
 * then shown — an image as a thumbnail — with a link to open it and a button to remove it. The
 * form keeps the stored path.
 */
export function UploadField({
  label,
  kind,
  value,
  required,
  error,
  onChange,
  testId,
}: {
  label: string;
  kind: 'file' | 'image';
  value: string;
  required?: boolean | undefined;
  error?: string | undefined;
  onChange(value: string): void;
  testId?: string;
}) {
  const t = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const name = value ? storedName(value) : '';

  async function pick(file: File | undefined) {
    if (!file) return;
    setFailure(null);
    if (kind === 'image' && !file.type.startsWith('image/')) {
      setFailure(t('upload.imageOnly'));
      return;
    }
    setPercent(0);
    try {
      onChange(await uploadFile(file, kind === 'image' ? 'photo' : 'temp', setPercent));
    } catch (problem) {
      setFailure(problem instanceof Error ? problem.message.replace(/^Error: /, '') : t('upload.failed'));
    } finally {
      setPercent(null);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <Field label={label} required={required} error={failure ?? error} htmlFor={id}>
      <div className="flex min-h-8 flex-wrap items-center gap-2" data-testid={testId}>
        <input ref={input} id={id} type="file" className="sr-only" accept={kind === 'image' ? 'image/*' : undefined} aria-label={label} onChange={(event) => void pick(event.target.files?.[0])} />
        <Button size="sm" onClick={() => input.current?.click()} disabled={percent !== null}>
          {t(kind === 'image' ? 'upload.image' : 'upload.file')}
        </Button>
        {percent !== null ? (
          <span className="text-xs text-text-muted" role="status">
            {t('upload.progress', { percent })}
          </span>
        ) : null}
        {value && percent === null ? (
          <span className="flex items-center gap-1.5 text-sm">
            {kind === 'image' ? <img src={fileUrl(value)} alt={name} className="size-10 rounded border border-border object-cover" /> : <Paperclip className="size-3.5 text-text-muted" aria-hidden />}
            <a href={fileUrl(value)} target="_blank" rel="noreferrer" className="max-w-48 truncate text-primary-strong hover:underline" title={name}>
              {name}
            </a>
            <button type="button" className="rounded p-0.5 text-text-muted hover:bg-black/5 hover:text-danger" aria-label={t('upload.remove', { name })} onClick={() => onChange('')}>
              <X className="size-3.5" aria-hidden />
            </button>
          </span>
        ) : null}
      </div>
    </Field>
  );
}
