import { useEffect, useRef, useState } from 'react';
import { toast } from '@web/lib/toast';
import { formRows } from '@shared/engine/derive';
import { entityTitles, recordSchema } from '@shared/engine/schemas';
import { rulesOf } from '@shared/entities/rules';
import type { EntitySpec, FieldSpec } from '@shared/engine/spec';
import { entityById } from '@shared/entities';
import { issueMessage } from '@shared/validation';
import { ApiError } from '@web/api/errors';
import { entityApi } from '@web/api/entities';
import { FormDialog } from '@web/dialogs/FormDialog';
import { FieldInput } from './FieldInput';
import { DetailRowsField, type DetailRowsHandle } from './DetailRowsField';
import { fill, translate, useLocale } from '@web/i18n';
import { useDicts } from '@web/stores/dicts';
import { FIELD_ADDONS } from './addons';

type Values = Record<string, string | boolean>;

/** The form's starting values: a record's (money as yuan text), or the given ones, or the declared defaults. */
function startValues(spec: EntitySpec, record: Record<string, unknown> | null, given: Readonly<Record<string, string | undefined>> = {}): Values {
  const values: Values = {};
  for (const field of spec.fields) {
    const value = record ? record[field.key] : (given[field.key] ?? field.default);
    if (field.type === 'switch') values[field.key] = value === true;
    else values[field.key] = value === null || value === undefined ? '' : String(value);
  }
  return values;
}

/**
 * 新增 / 编辑 for any declared entity: fields by type, laid out as declared, checked by the
 * server's own schema. Other props are starting values (a detail's master: `dictId`); a detail's
 * master field is not shown — the record stays with the master it was opened from.
 */
export default function EntityFormDialog({ entity, id, ...given }: { entity?: string | undefined; id?: string | undefined } & Record<string, string | undefined>) {
  const spec = entity ? entityById(entity) : undefined;
  const locale = useLocale((state) => state.locale);
  const [values, setValues] = useState<Values | null>(spec && !id ? startValues(spec, null, given) : null);
  // Sub-tables: their rows as read (empty for a new record), and the grids that edit them.
  const [detailRows, setDetailRows] = useState<Record<string, Record<string, unknown>[]> | null>(spec && !id ? {} : null);
  const detailGrids = useRef<Record<string, DetailRowsHandle | null>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ensureDicts = useDicts((state) => state.ensure);

  useEffect(() => {
    if (!spec) return;
    ensureDicts(spec.fields.filter((field) => field.dict).map((field) => field.dict!));
    if (id)
      void entityApi.get(spec, id).then((record) => {
        setDetailRows(Object.fromEntries((spec.details ?? []).map((detail) => [detail.key, (record[detail.key] as Record<string, unknown>[] | undefined) ?? []])));
        setValues(startValues(spec, record));
      });
  }, [spec, id, ensureDicts]);

  if (!spec || !values || !detailRows) return null;
  const titles = entityTitles(spec);
  // Sub-tables the server fills (a return's lines, brought in from its purchase) are not edited here.
  const editableDetails = (spec.details ?? []).filter((detail) => detail.fields.some((field) => field.form !== false));
  /** A unique field is checked as soon as it is left, not only on save. */
  const checkUnique = async (field: FieldSpec) => {
    const value = String(values[field.key] ?? '').trim();
    // A detail's values are unique within its master: checked when saved.
    if (!field.unique || !value || spec.parent) return;
    const taken = await entityApi.isTaken(spec, field.key, value, id);
    setErrors((current) => {
      const { [field.key]: _previous, ...rest } = current;
      return taken ? { ...rest, [field.key]: fill(translate('entityForm.taken', locale), { title: field.title[locale] }) } : rest;
    });
  };
  const submit = async () => {
    const details: Record<string, Record<string, unknown>[]> = {};
    for (const detail of editableDetails) {
      const rows = detailGrids.current[detail.key]?.rowsToSend();
      // A refused cell is marked in its grid.
      if (!rows) return false;
      details[detail.key] = rows;
    }
    const parsed = recordSchema(spec, id ? 'edit' : 'add', rulesOf(spec)).safeParse({ ...values, ...details, ...(id ? { id } : {}) }, { error: (issue) => issueMessage(issue, locale, titles) });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      // A sub-table's refusals show under its grid.
      for (const issue of parsed.error.issues) next[spec.details?.some((detail) => detail.key === issue.path[0]) ? String(issue.path[0]) : issue.path.map(String).join('.')] ??= issue.message;
      setErrors(next);
      return false;
    }
    setErrors({});
    // The server takes money in yuan, as typed.
    const body = { ...values, ...details, ...(id ? { id } : {}) };
    try {
      if (id) await entityApi.edit(spec, body);
      else await entityApi.add(spec, body);
    } catch (error) {
      const message = error instanceof ApiError ? error.message : String(error);
      // The server names the field it refuses: `…（code）`.
      const field = /（([A-Za-z0-9_]+)）$|\(([A-Za-z0-9_]+)\)$/.exec(message);
      const key = field?.[1] ?? field?.[2];
      if (key && spec.fields.some((candidate) => candidate.key === key)) setErrors({ [key]: message.replace(/\s*[（(][A-Za-z0-9_]+[）)]$/, '') });
      else toast.error(message);
      return false;
    }
    toast.success(translate(id ? 'common.edited' : 'common.added', locale));
    return true;
  };
  const title = fill(translate(id ? 'entityForm.editTitle' : 'entityForm.addTitle', locale), { noun: locale === 'en' ? spec.title.en.toLowerCase() : spec.title['zh-CN'] });
  const rows = formRows(spec)
    .map((row) => row.filter((field) => field.key !== spec.parent?.field))
    .filter((row) => row.length > 0);
  // The keyboard starts in the first field; when some came filled in (a palette's `请假 20230001 明天`:
  // the person and the day), in the first one still empty (the type has its default).
  const shown = rows.flat();
  const prefilled = !id && shown.some((field) => given[field.key]);
  const firstKey = (prefilled ? shown.find((field) => !given[field.key] && field.default === undefined)?.key : undefined) ?? shown[0]?.key;
  return (
    <FormDialog title={title} width={spec.form.width} testId="entity-form" onSubmit={submit}>
      <div className={spec.form.columns === 2 ? 'grid grid-cols-2 gap-x-4' : 'flex flex-col'}>
        {rows.flatMap((row) =>
          row.map((field) => (
            <div key={field.key} className={field.span === 2 && spec.form.columns === 2 ? 'col-span-2' : undefined}>
              <FieldInput
                field={field}
                value={values[field.key] ?? ''}
                error={errors[field.key]}
                autoFocus={field.key === firstKey}
                onChange={(value) => setValues({ ...values, [field.key]: value })}
                onPatch={(changes) => setValues((current) => ({ ...current, ...changes }))}
                groupId={spec.id}
                onBlur={() => void checkUnique(field)}
              />
              {(() => {
                const Addon = FIELD_ADDONS[`${spec.id}.${field.key}`];
                return Addon ? <Addon value={String(values[field.key] ?? '')} /> : null;
              })()}
            </div>
          )),
        )}
      </div>
      {editableDetails.map((detail) => (
        <DetailRowsField
          key={detail.key}
          ref={(handle) => {
            detailGrids.current[detail.key] = handle;
          }}
          detail={detail}
          initial={detailRows[detail.key] ?? []}
          error={errors[detail.key]}
        />
      ))}
    </FormDialog>
  );
}
