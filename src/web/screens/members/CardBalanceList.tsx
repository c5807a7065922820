import { cardBalance } from '@shared/entities/members/cardBalance';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import { MemberTreeLayout } from './MemberTreeLayout';

/** 卡余额: every account's wallets with its 合计 line, narrowed by the 人员部门 tree. */
export default function CardBalanceList() {
  return <MemberTreeLayout testId="card-balance-screen" list={(fixed, key) => <EntityListScreen key={key} spec={cardBalance} fixed={fixed} />} />;
}
