import { videoRecord } from '../../shared/entities/videoRecord';
import { fileUrl } from '@web/api/files';
import { useT } from '@web/i18n';
import { FormDialog } from '@web/dialogs/FormDialog';
import { useRecord } from '@web/dialogs/cardOffice/shared';

/** 回放: an event's recording played in the page (HTML video), its snapshot beside it, and a link to download the recording. */
export default function VideoPlaybackDialog({ id }: { id?: string | undefined }) {
  const t = useT();
  const record = useRecord(videoRecord, id);
  const text = (key: string) => String(record?.[`${key}_dictText`] ?? record?.[key] ?? '');
  const recording = record?.recording ? String(record.recording) : null;
  const snapshot = record?.snapshot ? String(record.snapshot) : null;
  return (
    <FormDialog title={t('security.playback.title')} width={760} testId="video-playback" onSubmit={async () => true} readOnly>
      {record ? (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-text-muted" data-record>
            {[text('startTime'), text('cameraId'), text('location'), text('eventType')].filter(Boolean).join(' · ')}
          </p>
          {recording ? (
            <video className="aspect-video w-full rounded bg-black" src={fileUrl(recording)} controls autoPlay muted data-testid="video-playback-video">
              <track kind="captions" />
            </video>
          ) : (
            <p className="text-sm">{t('security.playback.none')}</p>
          )}
          <div className="flex items-end justify-between gap-3">
            {snapshot ? <img className="h-24 rounded border border-border" src={fileUrl(snapshot)} alt={t('security.playback.snapshot')} /> : <span />}
            {recording ? (
              <a className="text-sm text-primary underline" href={`${fileUrl(recording)}?download=1`} download data-testid="video-playback-download">
                {t('security.playback.download')}
              </a>
            ) : null}
          </div>
        </div>
      ) : (
        <p className="text-sm">…</p>
      )}
    </FormDialog>
  );
}
