import { callNumber } from '../../shared/entities/number';
import { callPhone } from '../../shared/entities/phone';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import type { RowAction } from '@web/engine/RowActions';
import { useT } from '@web/i18n';

const ISSUE_KEY: readonly RowAction[] = [{ command: 'callPhone.issueKey', label: 'terminalKey.title' }];

/** 通话成员: the pupils' family numbers (审核, 下发到话机, 停用), and below them the phones that take them (生成密钥). */
export default function CallMemberList() {
  const t = useT();
  return (
    <div className="flex flex-col gap-4">
      <EntityListScreen spec={callNumber} />
      <section aria-label={t('calls.phones')} className="flex flex-col gap-2">
        <h2 className="px-1 text-base font-medium text-text">{t('calls.phones')}</h2>
        <EntityListScreen spec={callPhone} selectionScope="callPhones" rowActions={ISSUE_KEY} height={280} />
      </section>
    </div>
  );
}
