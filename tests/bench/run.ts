export {};
/** `npm run bench`: every benchmark, one after another; each prints its own numbers. */
await import('./palette');
console.log('');
await import('./api');
console.log('');
// Under load from a separate autocannon process, as a ratio to a bare Fastify hello.
await import('./requestPath');
console.log('');
// On PGlite with 100,000 rows; `node --import tsx tests/support/withPostgres.ts npm run bench` for 1M on PostgreSQL.
await import('./listPage');
console.log('');
await import('./engineList');
console.log('');
await import('./export');
console.log('');
await import('./consumption');
console.log('');
// What the school's unit of work costs: the same statements as platform work and in a school's transaction.
await import('./schoolScope');
console.log('');
// 门禁: passes per second through the gate API, and 进出记录's pages (5M records on PostgreSQL).
await import('./access');
console.log('');
// 日终结算 of a month and the reports' answer times: 1M postings on PostgreSQL, 100,000 on PGlite.
await import('./reports');
console.log('');
// 50 clients × 1,000 operations: on PostgreSQL only (run alone, it starts one itself).
if (process.env.TEST_DATABASE_URL) {
  await import('./ledgerLoad');
  console.log('');
}
await import('./grid');
console.log('');
await import('./firstScreen');
