import { useEffect, useState } from 'react';
import type { FieldSpec } from '@shared/engine/spec';
import { entityById } from '@shared/entities';
import { entityApi } from '@web/api/entities';

/** Choices of a reference field: the target entity's records by their label (the first 200). */
export function useRefOptions(field: FieldSpec | undefined): { value: string; text: string }[] {
  const [options, setOptions] = useState<{ value: string; text: string }[]>([]);
  useEffect(() => {
    const target = field?.type === 'ref' && field.ref ? entityById(field.ref) : undefined;
    if (!target) return;
    let live = true;
    void entityApi.list(target, { pageNo: 1, pageSize: 200 }).then((page) => {
      if (live) setOptions(page.records.map((row) => ({ value: row.id, text: String(row[target.labelField] ?? row.id) })));
    });
    return () => {
      live = false;
    };
  }, [field]);
  return options;
}
