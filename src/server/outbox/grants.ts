import { outboxHandler } from './deliver';

/**
 * Every instance's grant cache dropped after a change of who may see what commits (a form or
 * report put on the menu or taken off): through the outbox, so a crash after the commit still
 * tells the other instances. Dropping twice costs a reload.
 */
outboxHandler('grants.changed', async (context) => {
  await context.grants.changed();
});

export const GRANTS_CHANGED = { kind: 'grants.changed', payload: {} } as const;
