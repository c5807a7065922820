import { useEffect, useState } from 'react';
import type { FieldSpec } from '@shared/engine/spec';
import { entityById } from '@shared/entities';
import { entityApi } from '@web/api/entities';

/** Choices of a reference field: the target entity's records by their label (the first 500, by label). */
export function useRefOptions(field: FieldSpec | undefined): { value: string; text: string }[] {
  const [options, setOptions] = useState<{ value: string; text: string }[]>([]);
  useEffect(() => {
    const target = field?.type === 'ref' && field.ref ? entityById(field.ref) : undefined;
    if (!target) return;
    let live = true;
    void entityApi.options(target).then((items) => {
      if (live) setOptions(items.map((item) => ({ value: item.value, text: item.text })));
    });
    return () => {
      live = false;
    };
  }, [field]);
  return options;
}
