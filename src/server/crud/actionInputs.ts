/** What every flow action's route reads the same way, plain or ledger: the record's id as sent, its inputs' dictionary values, its states' texts. */
import { z } from 'zod';
import type { FlowActionSpec, StateText } from '@shared/engine/flow';
import type { EntitySpec } from '@shared/engine/spec';
import type { AuthContext } from '../http/auth';
import type { AppContext } from '../context';
import { badRequest } from '../http/envelope';

/** An id as sent: text, or a number for a table keyed by numbers (a school's). */
export const oneId = z.union([z.string().trim().min(1).max(64), z.number().int().transform(String)]);

/** An input's dictionary value must be an enabled item (read before the transaction: PGlite has one connection). */
export async function checkInputDictionaries(context: AppContext, action: FlowActionSpec, input: Record<string, unknown>, tenantId: number) {
  const given = [
    ...(action.input ?? []).map((field) => ({ field, value: input[field.key] })),
    ...(action.lines?.fields ?? []).flatMap((field) => ((input.lines as Record<string, unknown>[] | undefined) ?? []).map((line) => ({ field, value: line[field.key] }))),
  ];
  for (const { field, value } of given) {
    if (field.type !== 'dict' || value === null || value === undefined || value === '') continue;
    const items = await context.dictionaries.itemsOf(field.dict!, tenantId);
    if (
      !String(value)
        .split(',')
        .every((part) => items.get(part)?.enabled)
    )
      throw badRequest(`${field.title['zh-CN']}的取值不正确（${field.key}）`, `${field.title.en} has a value that is not allowed (${field.key})`);
  }
}

/** The status (and fact) fields' texts, read before the transaction, for refusals naming a record's state. */
export async function stateTexts(context: AppContext, spec: EntitySpec, caller: AuthContext): Promise<StateText> {
  const dictionaries = new Map<string, ReadonlyMap<string, { text: string; textEn: string | null }>>();
  for (const key of [...(spec.flow?.status ?? []), ...(spec.flow?.facts ?? [])]) {
    const field = spec.fields.find((candidate) => candidate.key === key);
    if (field?.type === 'dict') dictionaries.set(key, await context.dictionaries.itemsOf(field.dict!, caller.tenantId));
  }
  return (field, value) => {
    const entry = dictionaries.get(field)?.get(value);
    return { 'zh-CN': entry?.text ?? value, en: entry?.textEn ?? entry?.text ?? value };
  };
}
