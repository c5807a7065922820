import { useEffect, useMemo, useState } from 'react';
import type { FieldSpec } from '@shared/engine/spec';
import { entityById } from '@shared/entities';
import { entityApi } from '@web/api/entities';

type Choice = { value: string; text: string };

/**
 * Choices of reference fields shown as selects, by field key: each target's records by their label
 * (the first 500). A picker field searches its records itself and gets none. A field narrowed by
 * another (`refWhere`) lists the target's first 200 records matching `scopes[field.key]`, and none while the
 * other field is blank.
 */
export function useRefChoices(fields: readonly FieldSpec[], scopes: Readonly<Record<string, Readonly<Record<string, string>>>> = NO_SCOPES): Readonly<Record<string, Choice[]>> {
  const [choices, setChoices] = useState<Record<string, Choice[]>>({});
  const selects = useMemo(() => fields.filter((field) => field.type === 'ref' && field.ref && field.refMode !== 'picker'), [fields]);
  const scopeKey = JSON.stringify(scopes);
  useEffect(() => {
    let live = true;
    const given = JSON.parse(scopeKey) as Record<string, Record<string, string>>;
    for (const field of selects) {
      const target = entityById(field.ref!);
      if (!target) continue;
      const scope = field.refWhere ? given[field.key] : undefined;
      const set = (items: Choice[]) => live && setChoices((known) => ({ ...known, [field.key]: items }));
      if (field.refWhere && (!scope || Object.values(scope).some((value) => !value))) set([]);
      else if (scope)
        void entityApi
          .list(target, { pageNo: 1, pageSize: 200, ...scope })
          .then(({ records }) => set(records.map((record) => ({ value: record.id, text: String(record[target.labelField] ?? record.id) }))));
      else void entityApi.options(target).then((items) => set(items.map((item) => ({ value: item.value, text: item.text }))));
    }
    return () => {
      live = false;
    };
  }, [selects, scopeKey]);
  return choices;
}

const NO_SCOPES: Readonly<Record<string, Readonly<Record<string, string>>>> = {};

/** Choices of one reference field shown as a select (narrowed by `scope` when it declares `refWhere`). */
export function useRefOptions(field: FieldSpec, scope?: Readonly<Record<string, string>>): Choice[] {
  const fields = useMemo(() => [field], [field]);
  const scopes = useMemo(() => (scope ? { [field.key]: scope } : NO_SCOPES), [field.key, scope]);
  return useRefChoices(fields, scopes)[field.key] ?? [];
}
