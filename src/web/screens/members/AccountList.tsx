import { useSearchParams } from 'react-router-dom';
import { account } from '@shared/entities/members/account';
import { adjustment } from '@shared/entities/members/adjustment';
import { CommandButton } from '@web/components/CommandButton';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import type { RowAction } from '@web/engine/RowActions';
import { useT } from '@web/i18n';
import { AccountPanel } from './AccountPanel';

const ACTIONS: readonly RowAction[] = [
  { command: 'account.recharge', label: 'cardOffice.recharge' },
  { command: 'account.freeze', label: 'cardOffice.freeze' },
  { command: 'account.unfreeze', label: 'cardOffice.unfreeze' },
  { command: 'account.close', label: 'cardOffice.close' },
  { command: 'account.adjust', label: 'cardOffice.adjust' },
];
// 审核 only on a request still waiting (adjust_status 0); settled ones are read.
const ADJUSTMENT_ACTIONS: readonly RowAction[] = [{ command: 'adjustment.review', label: 'cardOffice.review', onlyWhen: { field: 'status', values: ['0'] } }];

/**
 * 账户管理: the accounts and their wallets, with 充值, 冻结, 解冻, 销户 and 手工调账 on each row; below
 * them the 手工调账 requests, each approved or rejected by a second person from its row.
 */
export default function AccountList() {
  const t = useT();
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <div className="flex flex-col gap-4">
      {/* From the palette's people search: the one account first, the list below it. */}
      {id ? <AccountPanel id={id} /> : null}
      <EntityListScreen
        spec={account}
        toolbar={
          <>
            <CommandButton id="account.recharge" variant="primary" label={t('cardOffice.recharge')} />
            <CommandButton id="account.freeze" label={t('cardOffice.freeze')} />
            <CommandButton id="account.unfreeze" label={t('cardOffice.unfreeze')} />
            <CommandButton id="account.adjust" label={t('cardOffice.adjust')} />
          </>
        }
        rowActions={ACTIONS}
      />
      <section aria-label={t('cardOffice.adjustments')} className="flex flex-col gap-2">
        <h2 className="px-1 text-base font-medium text-text">{t('cardOffice.adjustments')}</h2>
        <EntityListScreen spec={adjustment} rowActions={ADJUSTMENT_ACTIONS} selectionScope="adjustments" height={300} />
      </section>
    </div>
  );
}
