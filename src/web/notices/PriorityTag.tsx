import { DictTag } from '@web/grid/DictTag';
import { useDicts } from '@web/stores/dicts';

/** An announcement's priority in its colour (priority dictionary: L 一般 blue, M 重要 orange, H 紧急 red). */
export function PriorityTag({ priority }: { priority: string }) {
  const item = useDicts((state) => state.items.priority?.find((candidate) => candidate.value === priority));
  return <DictTag text={item?.text ?? priority} color={item?.color ?? undefined} />;
}
