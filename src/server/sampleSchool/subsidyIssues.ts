import { eq } from 'drizzle-orm';
import { dayIn } from '@shared/schoolTime';
import type { Database } from '../db/client';
import { schoolReads } from '../db/work';
import { subsidyBatches } from '../db/schema';
import type { SampleDay, SampleEvent } from '../registry/areas';
import { subsidyService } from '../modules/members/subsidies';

/**
 * The subsidy batches the seed left audited and 发放中, issued in the lived weeks at the time they
 * are stamped with, by the subsidy service itself (what 发放's background run does): one posting a
 * person into the subsidy wallet, which their payments then spend first.
 */
export async function subsidyIssuesOf(db: Database, tenantId: number, by: string) {
  const waiting = await schoolReads(db, { tenantId, username: by }).rows(subsidyBatches, eq(subsidyBatches.issueStatus, '4'));
  const service = subsidyService({ db });
  return {
    day(day: SampleDay): SampleEvent[] {
      return waiting
        .filter((batch) => batch.issueTime && dayIn(day.zone, batch.issueTime) === day.date)
        .map((batch) => ({
          at: batch.issueTime!,
          run: async () => {
            await service.issue({ tenantId, username: batch.issueBy ?? by }, batch.id);
          },
        }));
    },
  };
}
