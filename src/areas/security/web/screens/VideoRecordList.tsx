import { camera } from '../../shared/entities/camera';
import { videoRecord } from '../../shared/entities/videoRecord';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import type { RowAction } from '@web/engine/RowActions';
import { useT } from '@web/i18n';

const PLAY: readonly RowAction[] = [{ command: 'videoRecord.play', label: 'security.playback.title' }];
const ISSUE_KEY: readonly RowAction[] = [{ command: 'camera.issueKey', label: 'terminalKey.title' }];

/** 视频记录: the cameras' events (回放, 受理, 标记处理, 误报, 导出), and below them the cameras (生成密钥). */
export default function VideoRecordList() {
  const t = useT();
  return (
    <div className="flex flex-col gap-4">
      <EntityListScreen spec={videoRecord} rowActions={PLAY} />
      <section aria-label={t('security.cameras')} className="flex flex-col gap-2">
        <h2 className="px-1 text-base font-medium text-text">{t('security.cameras')}</h2>
        <EntityListScreen spec={camera} selectionScope="cameras" rowActions={ISSUE_KEY} height={240} />
      </section>
    </div>
  );
}
