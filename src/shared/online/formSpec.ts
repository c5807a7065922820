/**
 * An online form's declaration, derived from what its designer saved: the same EntitySpec a
 * developer writes, data only, so the engine serves it like any other (its routes under
 * `/online/cgform/api/form/<id>`, its screen at `/online/cgformList/<id>`).
 */
import { sharedAreas } from '../areas';
import type { EntitySpec, FieldSpec, FieldType, QueryMode } from '../engine/spec';

/** The field types a school may give a form's field. */
export const ONLINE_FIELD_TYPES = ['text', 'textarea', 'number', 'money', 'date', 'datetime', 'dict', 'switch', 'popup', 'ref', 'image', 'file'] as const satisfies readonly FieldType[];

/**
 * What a form's reference field may point to: the school's own records a form would name (a
 * person, a canteen, a supplier…), picked in the record picker where there are many of them.
 */
export interface OnlineRefTarget {
  entity: string;
  picker?: true;
}
const PRODUCT_REF_TARGETS: readonly OnlineRefTarget[] = [{ entity: 'members.member', picker: true }, { entity: 'members.department' }, { entity: 'meals.canteen' }, { entity: 'devices.terminal' }];

/** The product's, then each area's (`SharedArea.onlineRefs`). */
export const onlineRefTargets = (): readonly OnlineRefTarget[] => [...PRODUCT_REF_TARGETS, ...sharedAreas().flatMap((area) => area.onlineRefs ?? [])];

/** A field as the designer keeps it (onl_form_field). */
export interface DesignedField {
  key: string;
  label: string;
  labelEn?: string | null;
  fieldType: string;
  dictCode?: string | null;
  /** A reference field's target (onlineRefTargets()). */
  refEntity?: string | null;
  required?: string | null;
  isUnique?: string | null;
  inList?: string | null;
  /** '0': not on the form (filled by import, shown in the list). */
  inForm?: string | null;
  restricted?: string | null;
  queryMode?: string | null;
  width?: number | null;
  maxValue?: number | null;
  popupCode?: string | null;
  popupOrgFields?: string | null;
  popupDestFields?: string | null;
  popupMulti?: string | null;
}

export interface DesignedForm {
  id: string;
  code: string;
  title: string;
  titleEn?: string | null;
  /** A detail form's master (从表's 主表): its records each belong to one of the master's, on the master's screen. */
  master?: { id: string; title: string; titleEn?: string | null } | null;
}

/** The field naming a detail record's master record. */
export const MASTER_FIELD = 'masterId';

/** The records' view of a form (one per form: its id's first characters, letters and digits only). */
export const onlineViewName = (formId: string) =>
  `onl_v_${formId
    .replace(/[^a-zA-Z0-9]/g, '')
    .slice(0, 32)
    .toLowerCase()}`;

export const onlineFormPath = (formId: string) => `/online/cgformList/${formId}`;
export const onlineEntityId = (formId: string) => `online.form.${formId}`;

/** A field key the view and the JSON both take: a lower-case letter, then letters and digits. */
export const FIELD_KEY = /^[a-z][a-zA-Z0-9]{0,39}$/;

const yes = (value: string | null | undefined) => value === '1';

function fieldOf(designed: DesignedField): FieldSpec {
  const type = (ONLINE_FIELD_TYPES as readonly string[]).includes(designed.fieldType) ? (designed.fieldType as FieldType) : 'text';
  const query = designed.queryMode === 'eq' || designed.queryMode === 'like' || designed.queryMode === 'range' ? (designed.queryMode as QueryMode) : undefined;
  const max = designed.maxValue ?? undefined;
  return {
    key: designed.key,
    type,
    title: { 'zh-CN': designed.label, en: designed.labelEn || designed.label },
    ...(yes(designed.required) ? { required: true } : {}),
    ...(yes(designed.isUnique) ? { unique: true } : {}),
    ...(designed.inList === '0' ? { list: false } : {}),
    ...(designed.inForm === '0' ? { form: false } : {}),
    ...(yes(designed.restricted) ? { restricted: true } : {}),
    ...(query ? { query } : {}),
    ...(designed.width ? { width: designed.width } : {}),
    ...(max !== undefined && (type === 'text' || type === 'textarea' || type === 'popup' || type === 'number' || type === 'money') ? { max } : {}),
    ...(type === 'number' ? { decimals: 2 } : {}),
    ...(type === 'dict' ? { dict: designed.dictCode ?? '' } : {}),
    ...(type === 'ref' ? { ref: designed.refEntity ?? '', ...(onlineRefTargets().find((target) => target.entity === designed.refEntity)?.picker ? { refMode: 'picker' as const } : {}) } : {}),
    ...(type === 'textarea' ? { span: 2 as const } : {}),
    ...(type === 'number' || type === 'money' || type === 'date' || type === 'datetime' ? { sortable: true } : {}),
    ...(type === 'popup' || designed.popupCode
      ? { popup: { code: designed.popupCode ?? '', orgFields: designed.popupOrgFields ?? '', destFields: designed.popupDestFields ?? '', ...(yes(designed.popupMulti) ? { multi: true } : {}) } }
      : {}),
  };
}

/** The declaration of a designed form. */
export function onlineFormSpec(form: DesignedForm, fields: readonly DesignedField[]): EntitySpec {
  const own = fields.map(fieldOf);
  const label = own.find((field) => field.type === 'text') ?? own[0];
  const title = { 'zh-CN': form.title, en: form.titleEn || form.title };
  const master = form.master;
  const masterTitle = master ? { 'zh-CN': master.title, en: master.titleEn || master.title } : null;
  // A detail names its master record first (picked by the screen, not typed), and lives on the master's screen.
  const specFields: FieldSpec[] = master ? [{ key: MASTER_FIELD, type: 'ref', ref: onlineEntityId(master.id), title: masterTitle!, required: true, list: false, query: 'eq' }, ...own] : own;
  return {
    id: onlineEntityId(form.id),
    title,
    api: `/online/cgform/api/form/${form.id}`,
    table: onlineViewName(form.id),
    permissionPrefix: `onl_${form.code}`,
    screen: master ? { path: onlineFormPath(master.id), component: 'online/OnlineFormScreen', title: masterTitle! } : { path: onlineFormPath(form.id), component: 'online/OnlineFormScreen', title },
    ...(master ? { parent: { field: MASTER_FIELD } } : {}),
    operations: ['add', 'edit', 'delete', 'export', 'import'],
    tenantScoped: true,
    labelField: label?.key ?? 'id',
    fields: specFields,
    form: { width: 800, columns: 2 },
    defaultSort: { field: 'createTime', order: 'desc' },
  };
}
