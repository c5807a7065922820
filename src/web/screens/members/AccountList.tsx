import { useSearchParams } from 'react-router-dom';
import { account } from '@shared/entities/members/account';
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
];

/** 账户管理: the accounts and their wallets, with 充值, 冻结 and 解冻 on each row and in the toolbar. */
export default function AccountList() {
  const t = useT();
  const [params] = useSearchParams();
  const id = params.get('id');
  const list = (
    <EntityListScreen
      spec={account}
      toolbar={
        <>
          <CommandButton id="account.recharge" variant="primary" label={t('cardOffice.recharge')} />
          <CommandButton id="account.freeze" label={t('cardOffice.freeze')} />
          <CommandButton id="account.unfreeze" label={t('cardOffice.unfreeze')} />
        </>
      }
      rowActions={ACTIONS}
    />
  );
  // From the palette's people search: the one account first, the list below it.
  if (!id) return list;
  return (
    <div className="flex flex-col gap-4">
      <AccountPanel id={id} />
      {list}
    </div>
  );
}
