import { account } from '@shared/entities/members/account';
import { CommandButton } from '@web/components/CommandButton';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import type { RowAction } from '@web/engine/RowActions';
import { useT } from '@web/i18n';

const ACTIONS: readonly RowAction[] = [
  { command: 'account.recharge', label: 'cardOffice.recharge' },
  { command: 'account.freeze', label: 'cardOffice.freeze' },
  { command: 'account.unfreeze', label: 'cardOffice.unfreeze' },
];

/** 账户管理: the accounts and their wallets, with 充值, 冻结 and 解冻 on each row and in the toolbar. */
export default function AccountList() {
  const t = useT();
  return (
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
}
