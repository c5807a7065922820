import { terminal } from '@shared/entities/devices/terminal';
import { CommandButton } from '@web/components/CommandButton';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import type { RowAction } from '@web/engine/RowActions';
import { useT } from '@web/i18n';

const ISSUE_KEY: readonly RowAction[] = [{ command: 'device.issueKey', label: 'terminalKey.title' }];

/** 终端设备: the consumption terminals, with 生成密钥 (the key the terminal signs with, shown once). */
export default function DeviceList() {
  const t = useT();
  return <EntityListScreen spec={terminal} toolbar={<CommandButton id="device.issueKey" label={t('terminalKey.title')} />} rowActions={ISSUE_KEY} />;
}
