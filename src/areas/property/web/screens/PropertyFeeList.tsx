import { propertyBill } from '@areas/property/shared/entities/propertyBill';
import { CommandButton } from '@web/components/CommandButton';
import { EntityListScreen } from '@web/engine/EntityListScreen';

/** 物业费缴纳: the houses' property-fee bills, with 批量生成 for a building or the whole school. */
export default function PropertyFeeList() {
  return <EntityListScreen spec={propertyBill} toolbar={<CommandButton id="propertyBill.generate" />} />;
}
