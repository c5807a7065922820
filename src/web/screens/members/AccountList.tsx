import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { account } from '@shared/entities/members/account';
import { card } from '@shared/entities/members/card';
import { adjustment } from '@shared/entities/members/adjustment';
import { pendingRefund } from '@shared/entities/members/pendingRefund';
import { flowCommand } from '@commands/flows';
import { CommandButton } from '@web/components/CommandButton';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import type { RowAction } from '@web/engine/RowActions';
import { useT } from '@web/i18n';
import { AccountPanel } from './AccountPanel';

// Each row offers what its state allows (充值, 手工调账, 冻结 and 解冻 are the account's flow), nothing that moves money once closed.
const ACTIONS: readonly RowAction[] = [
  { command: 'account.statement', label: 'cardOffice.statement' },
  // 柜台消费 pays with the account's card.
  { command: flowCommand(card, 'pay'), label: 'cardOffice.counterPayment', idAs: 'account', onlyWhen: { field: 'accountStatus', values: ['1'] } },
  { command: flowCommand(account, 'close'), label: 'cardOffice.close' },
];
// 退现 or 入账 only of money still waiting (pending_refund_status 0).
const PENDING_ACTIONS: readonly RowAction[] = [
  { command: 'pendingRefund.payout', label: 'cardOffice.payout', onlyWhen: { field: 'status', values: ['0'] } },
  { command: 'pendingRefund.credit', label: 'cardOffice.credit', onlyWhen: { field: 'status', values: ['0'] } },
];

/**
 * 账户管理: the accounts and their wallets, with 充值, 冻结, 解冻, 销户 and 手工调账 on each row; below
 * them the 手工调账 requests, each approved or rejected by a second person from its row.
 */
export default function AccountList() {
  const [params] = useSearchParams();
  const id = params.get('id');
  // Opened on one account (a scanned card), the clerk reads its panel first: the lists below it are
  // drawn once the panel is, not in its way.
  const [panelDrawn, setPanelDrawn] = useState(false);
  const listsShown = !id || panelDrawn;
  return (
    <div className="flex flex-col gap-4">
      {/* From the palette's people search: the one account first, the list below it. */}
      {id ? <AccountPanel id={id} onDrawn={() => setPanelDrawn(true)} /> : null}
      {listsShown ? <AccountLists /> : null}
    </div>
  );
}

/** The accounts, the 手工调账 requests and the money waiting to be refunded. */
function AccountLists() {
  const t = useT();
  return (
    <>
      <EntityListScreen
        spec={account}
        toolbar={
          <>
            <CommandButton id={flowCommand(account, 'recharge')} variant="primary" label={t('cardOffice.recharge')} />
            <CommandButton id="account.statement" label={t('cardOffice.statement')} />
            <CommandButton id={flowCommand(card, 'pay')} label={t('cardOffice.counterPayment')} />
            <CommandButton id={flowCommand(account, 'adjust')} label={t('cardOffice.adjust')} />
          </>
        }
        rowActions={ACTIONS}
      />
      <section aria-label={t('cardOffice.adjustments')} className="flex flex-col gap-2">
        <h2 className="px-1 text-base font-medium text-text">{t('cardOffice.adjustments')}</h2>
        <EntityListScreen spec={adjustment} selectionScope="adjustments" height={300} />
      </section>
      <section aria-label={t('cardOffice.pendingRefunds')} className="flex flex-col gap-2">
        <h2 className="px-1 text-base font-medium text-text">{t('cardOffice.pendingRefunds')}</h2>
        <EntityListScreen spec={pendingRefund} rowActions={PENDING_ACTIONS} selectionScope="pendingRefunds" height={240} />
      </section>
    </>
  );
}
