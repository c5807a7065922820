import { useState } from 'react';
import { feeStandard } from '@shared/entities/members/feeStandard';
import { tuitionBill } from '@shared/entities/members/tuitionBill';
import { CommandButton } from '@web/components/CommandButton';
import { ListTabs } from '@web/components/ListTabs';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import { useT } from '@web/i18n';

/**
 * 学费管理: the bills (减免 and its audit, 线下收款登记, 卡余额缴费, 退费, 催缴 — 应收, 实收 and 欠费
 * summed over the query) and the fee standards they are made from (生成账单, 导入减免名单), one tab each.
 */
export default function TuitionList() {
  const t = useT();
  const [tab, setTab] = useState(0);
  const spec = tab === 0 ? tuitionBill : feeStandard;
  return (
    <div className="flex flex-col gap-3" data-testid="tuition-screen">
      <ListTabs label={t('tuition.views')} titles={[t('tuition.bills'), t('tuition.standards')]} current={tab} onChange={setTab} className="px-1" />
      <EntityListScreen key={spec.id} spec={spec} {...(tab === 1 ? { toolbar: <CommandButton id="tuition.importWaivers" label={t('tuition.importWaivers')} /> } : {})} />
    </div>
  );
}
