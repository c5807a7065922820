import { useEffect, useState } from 'react';
import type { EntitySpec } from '@shared/engine/spec';
import { entityApi, type EntityRecord } from '@web/api/entities';
import { ApiError } from '@web/api/errors';
import { useLocale } from '@web/i18n';

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

/** Cents as the console shows money: two decimals. */
export const yuan = (cents: number) => (cents / 100).toFixed(2);

/** A person or account as a dialog names it: 黄博文（A20240101）, or "Huang (A20240101)" in English. */
export function useNamedNumber(): (name: unknown, number: unknown) => string {
  const locale = useLocale((state) => state.locale);
  return (name, number) => (locale === 'en' ? `${String(name ?? '')} (${String(number ?? '')})` : `${String(name ?? '')}（${String(number ?? '')}）`);
}

/** What the server refused, above a card-office form. */
export function FormError({ message, testId }: { message: string | undefined; testId: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="mb-3 rounded border border-[#ffa39e] bg-[#fff1f0] px-3 py-2 text-sm text-danger" data-testid={testId}>
      {message}
    </p>
  );
}

/** A refusal's words for the form: the server's message, or what went wrong. */
export const refusalOf = (failure: unknown) => (failure instanceof ApiError ? failure.message : String(failure));
