import { useMemo, useState } from 'react';
import { memberType } from '@shared/entities/members/memberType';
import { typeDiscount } from '@shared/entities/members/typeDiscount';
import type { EntityRecord } from '@web/api/entities';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import { useT } from '@web/i18n';

/**
 * 人员类型与折扣: the member types (deposit, fees, limits) above; the chosen type's discount rows
 * below — what it pays at each canteen and meal.
 */
export default function MemberTypeList() {
  const t = useT();
  const [chosen, setChosen] = useState<EntityRecord | null>(null);
  const fixed = useMemo(() => (chosen ? { memberTypeId: chosen.id } : undefined), [chosen]);
  return (
    <div className="flex flex-col gap-4" data-testid="member-type-screen">
      <EntityListScreen spec={memberType} selection="radio" onSelectionChange={(rows) => setChosen(rows[0] ?? null)} />
      <section aria-label={t('memberTypes.discounts')} className="flex flex-col gap-2">
        <h2 className="px-1 text-base font-medium text-text" data-testid="member-type-chosen">
          {chosen ? t('memberTypes.discountsOf', { name: String(chosen.name) }) : t('memberTypes.chooseType')}
        </h2>
        {fixed ? <EntityListScreen key={String(fixed.memberTypeId)} spec={typeDiscount} fixed={fixed} selectionScope={typeDiscount.id} height={300} /> : null}
      </section>
    </div>
  );
}
