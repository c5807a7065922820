import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessColumns } from './common';

/** Online 报表: a report over one of the developers' sources (shared/online/reportSources.ts). */
export const onlineReports = pgTable(
  'onl_report',
  {
    ...businessColumns(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** onl_report_source: the source's code. */
    source: text('source').notNull(),
    pageSize: integer('page_size').notNull().default(10),
    sortColumn: text('sort_column'),
    /** onl_sort_order: asc · desc. */
    sortOrder: text('sort_order').notNull().default('asc'),
    remark: text('remark'),
    /** onl_publish_status: 0 未发布 · 1 已发布 (its own menu screen, `/online/cgreport/<id>`). */
    publishStatus: text('publish_status').notNull().default('0'),
    /** onl_menu_area: the menu area a published report sits in (its path). */
    menuArea: text('menu_area').notNull().default('/online'),
    /** The published menu row (permissions.id). */
    menuId: text('menu_id'),
  },
  (t) => [
    uniqueIndex('onl_report_code_key')
      .on(t.tenantId, t.code)
      .where(sql`del_flag = 0`),
  ],
);

/** A report's columns in their order: the source's field, its title and dictionary, and how it is searched. */
export const onlineReportColumns = pgTable(
  'onl_report_column',
  {
    id: text('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    reportId: text('report_id')
      .notNull()
      .references(() => onlineReports.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    title: text('title'),
    dictCode: text('dict_code'),
    /** onl_query_mode: eq · like · range; null: not a query field. */
    queryMode: text('query_mode'),
    /** yn: '1' shown only when the query area is expanded. */
    hidden: text('hidden').notNull().default('0'),
    width: integer('width'),
    sortNo: integer('sort_no').notNull().default(0),
  },
  (t) => [index('onl_report_column_report_idx').on(t.reportId, t.sortNo)],
);

/**
 * Online 表单: a form a school designs (its fields in onl_form_field), published as a menu screen
 * served by the entity engine over the JSONB record store. `spec` is the declaration derived at
 * the last save (JSON, data only), `version` counts the saves that changed it.
 */
export const onlineForms = pgTable(
  'onl_form',
  {
    ...businessColumns(),
    /** The form's table name: letters, digits and underscores (the records' store names it by id). */
    code: text('code').notNull(),
    title: text('title').notNull(),
    titleEn: text('title_en'),
    /** onl_publish_status: 0 未发布 · 1 已发布. */
    publishStatus: text('publish_status').notNull().default('0'),
    /** onl_menu_area: the menu area a published form sits in (its path). */
    menuArea: text('menu_area').notNull().default('/online'),
    /** A detail form (从表): its master form's table name; its records belong to one of the master's, on the master's screen. */
    masterCode: text('master_code'),
    /** The published menu row (permissions.id). */
    menuId: text('menu_id'),
    version: integer('version').notNull().default(0),
    spec: text('spec'),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('onl_form_code_key')
      .on(t.tenantId, t.code)
      .where(sql`del_flag = 0`),
  ],
);

/** A designed form's fields in their order: what the engine's FieldSpec takes, as the designer edits it. */
export const onlineFormFields = pgTable(
  'onl_form_field',
  {
    id: text('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    formId: text('form_id')
      .notNull()
      .references(() => onlineForms.id, { onDelete: 'cascade' }),
    key: text('field_key').notNull(),
    label: text('title').notNull(),
    labelEn: text('title_en'),
    /** onl_field_type: the engine's field types a school may use. */
    fieldType: text('field_type').notNull().default('text'),
    dictCode: text('dict_code'),
    /** onl_ref_entity: what a reference field points to (an entity's id). */
    refEntity: text('ref_entity'),
    /** yn: required, unique in the school, a list column, a form field, a data column granted apart. */
    required: text('required').notNull().default('0'),
    isUnique: text('is_unique').notNull().default('0'),
    inList: text('in_list').notNull().default('1'),
    inForm: text('in_form').notNull().default('1'),
    restricted: text('restricted').notNull().default('0'),
    /** onl_query_mode: eq · like · range; null: not searched. */
    queryMode: text('query_mode'),
    width: integer('width'),
    /** Text: most characters; number and money: largest value. */
    maxValue: integer('max_value'),
    /** A popup field's report and the fields it copies (JeecgBoot's JPopup). */
    popupCode: text('popup_code'),
    popupOrgFields: text('popup_org_fields'),
    popupDestFields: text('popup_dest_fields'),
    popupMulti: text('popup_multi').notNull().default('0'),
    sortNo: integer('sort_no').notNull().default(0),
  },
  (t) => [index('onl_form_field_form_idx').on(t.formId, t.sortNo)],
);

/**
 * The online forms' records, every form of every school in one store: the values in `data`
 * (JSONB, by field key) with the engine's audit columns and soft delete. Each published form reads
 * and writes it through its own view (onl_v_…), whose INSTEAD OF triggers write here; a field
 * taken off a form stays in its records' data.
 */
export const onlineRecords = pgTable(
  'onl_record',
  {
    ...businessColumns(),
    formId: text('form_id').notNull(),
    data: jsonb('data').notNull().default({}),
  },
  (t) => [index('onl_record_form_idx').on(t.formId, t.tenantId, t.createdAt)],
);
