import { useEffect, useState } from 'react';
import { CARD_OFFICE_ENTITIES } from '@shared/cardOffice';
import type { EntitySpec } from '@shared/engine/spec';
import { entityApi, type EntityRecord } from '@web/api/entities';
import { useDataVersion } from '@web/stores/dataVersion';

/**
 * The key of one money operation, made when its dialog opens: a double click, or OK pressed again
 * after a timeout, sends the same key and the server posts once.
 */
export function useIdempotencyKey(): string {
  const [key] = useState(() => crypto.randomUUID().replaceAll('-', ''));
  return key;
}

/** A record the dialog acts on, read by id (a link or a row action gives only the id). */
export function useRecord(spec: EntitySpec, id: string | undefined): EntityRecord | null {
  const [record, setRecord] = useState<EntityRecord | null>(null);
  useEffect(() => {
    if (!id) return;
    let live = true;
    entityApi.get(spec, id).then(
      (found) => live && setRecord(found),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [spec, id]);
  return record;
}

/** Members, accounts and cards show balances and states: every card-office change reloads them. */
export function refreshCardOffice(): void {
  for (const entity of CARD_OFFICE_ENTITIES) useDataVersion.getState().bump(entity);
}

/** Cents as the console shows money: two decimals. */
export const yuan = (cents: number) => (cents / 100).toFixed(2);
