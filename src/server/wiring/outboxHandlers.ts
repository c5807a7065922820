/**
 * Every kind of queued effect's handler, declared beside the area that queues it: imported here so
 * that a deliverer (the server's worker, the sample weeks') knows them all before its first
 * delivery, whichever routes it loaded. The unit test `outboxHandlers.test.ts` finds any declaring
 * module left out.
 */
import '../modules/announcements/announcement.actions';
import '../modules/jobs/job.actions';
import '../modules/meals/refundBatch.actions';
import '../modules/members/graduation.actions';
import '../modules/members/parent.actions';
import '../modules/members/subsidy.actions';
import '../modules/messages/messages';
import '../modules/messages/texts';
import '../modules/schools/school.actions';
import '../outbox/grants';
