import { useEffect, useMemo, useState } from 'react';
import type { FieldSpec } from '@shared/engine/spec';
import { entityById } from '@shared/entities';
import { entityApi } from '@web/api/entities';

type Choice = { value: string; text: string };

/**
 * Choices of reference fields shown as selects, by field key: each target's records by their label
 * (the first 500). A picker field searches its records itself and gets none.
 */
export function useRefChoices(fields: readonly FieldSpec[]): Readonly<Record<string, Choice[]>> {
  const [choices, setChoices] = useState<Record<string, Choice[]>>({});
  const selects = useMemo(() => fields.filter((field) => field.type === 'ref' && field.ref && field.refMode !== 'picker'), [fields]);
  useEffect(() => {
    let live = true;
    for (const field of selects) {
      const target = entityById(field.ref!);
      if (!target) continue;
      void entityApi.options(target).then((items) => {
        if (live) setChoices((known) => ({ ...known, [field.key]: items.map((item) => ({ value: item.value, text: item.text })) }));
      });
    }
    return () => {
      live = false;
    };
  }, [selects]);
  return choices;
}

/** Choices of one reference field shown as a select. */
export function useRefOptions(field: FieldSpec): Choice[] {
  const fields = useMemo(() => [field], [field]);
  return useRefChoices(fields)[field.key] ?? [];
}
