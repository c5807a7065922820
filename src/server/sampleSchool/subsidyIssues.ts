import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { inSchool, schoolReads } from '../db/work';
import { subsidyBatches } from '../db/schema';
import type { SampleDay, SampleEvent } from '../registry/areas';
import { subsidyService } from '../modules/members/subsidies';
import { takeFlowStep } from './flowStep';

/** When the office issues an audited batch on its start date. */
const ISSUED_AT = '08:00';

/**
 * The subsidy batches the seed left audited, issued in the lived weeks at 08:00 of their start
 * date: 发放 as its flow step (发放中, stamped), then the subsidy service's run, which 发放's
 * background effect does — one posting a person into the subsidy wallet, which their payments
 * then spend first.
 */
export async function subsidyIssuesOf(db: Database, tenantId: number, by: string) {
  const audited = await schoolReads(db, { tenantId, username: by }).rows(subsidyBatches, and(eq(subsidyBatches.auditStatus, '2'), eq(subsidyBatches.issueStatus, '0')));
  const service = subsidyService({ db });
  const worker = { tenantId, username: by };
  return {
    day(day: SampleDay): SampleEvent[] {
      return audited
        .filter((batch) => batch.startDate === day.date)
        .map((batch) => ({
          at: day.at(ISSUED_AT),
          run: async () => {
            await inSchool(db, worker, async (work) => {
              const [row] = await work.lock(subsidyBatches, batch.id);
              await takeFlowStep(work, subsidyBatches, 'members.subsidy', 'issue', row!, undefined);
            });
            await service.issue(worker, batch.id);
          },
        }));
    },
  };
}
