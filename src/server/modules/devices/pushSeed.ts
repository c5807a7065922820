import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { Work } from '../../db/work';
import { billSequences, cards, pushTasks } from '../../db/schema';
import { schoolNow } from '../../db/seed/schoolClock';
import { makeItems } from './pushes';

/** Today's card blacklist, queued for every terminal: the devices take it when they next ask. */
export async function seedPushes(tx: Executor, tenantId: number, operator: string): Promise<void> {
  // The seed's own transaction, bound to the sample school (deleted cards too, as before).
  const [blocked] = await new Work(tx, tenantId, operator).rows(cards, inArray(cards.cardStatus, ['2', '4']), { deleted: true, limit: 1 });
  if (!blocked) return;
  const day = schoolNow().format('YYYYMMDD');
  const id = newId();
  const values = { pushType: '3', targetMode: '3', addDel: '1', fullSync: true };
  await tx.insert(pushTasks).values({ id, tenantId, createBy: operator, taskNo: `XD${day}0001`, status: '1', ...values, remark: '挂失和注销的卡，全量同步' });
  await makeItems(tx, tenantId, operator, id, values);
  await tx.insert(billSequences).values({ tenantId, prefix: 'XD', day, last: 1 });
}
