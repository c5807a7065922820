import { asc, eq } from 'drizzle-orm';
import { RESERVED_KEYS, specProblems } from '@shared/engine/check';
import { FIELD_KEY, onlineFormSpec, type DesignedField } from '@shared/online/formSpec';
import type { AppContext } from '../../context';
import type { EntityHooks } from '../../crud/registerEntity';
import type { Executor } from '../../db/client';
import { onlineFormFields, onlineForms, permissions } from '../../db/schema';
import type { Work } from '../../db/work';
import { ApiError, badRequest } from '../../http/envelope';
import { ensureFormStore } from './formStore';
import { syncMenuButtons } from './publishedMenu';
import { loadReport } from './reportQuery';

const CODE = /^[a-z][a-z0-9_]{1,39}$/;

/**
 * A detail form's master (主表表名), of the school, not itself, not a detail itself; null for a
 * form of its own.
 */
export async function masterFormOf(work: Work, values: Readonly<Record<string, unknown>>) {
  const code = typeof values.masterCode === 'string' ? values.masterCode.trim() : '';
  if (!code) return null;
  if (code === values.code) throw badRequest('主表不能是表单自己', 'A form is not its own master');
  const [master] = await work.rows(onlineForms, eq(onlineForms.code, code));
  if (!master) throw badRequest(`主表「${code}」不存在`, `There is no form "${code}" to be the master`);
  if (master.masterCode) throw badRequest(`「${master.title}」本身是从表，不能作主表`, `${master.title} is a detail form itself: it cannot be a master`);
  return master;
}

/** A form's stored fields in their order. */
export const storedFields = (tx: Executor, formId: string) => tx.select().from(onlineFormFields).where(eq(onlineFormFields.formId, formId)).orderBy(asc(onlineFormFields.sortNo));

/**
 * Online 表单's checks: a table name and field names the store can take, dictionaries and popup
 * reports that exist, and the declaration they make kept to the rules of every declaration
 * (specProblems). A published form saved with other fields has its view, indexes and buttons made
 * again in the same transaction — nothing migrates, no record loses a value.
 */
export function formHooks(context: AppContext): EntityHooks {
  return {
    async beforeSave({ tx, work, caller, id, values, before, details }) {
      const code = String(values.code ?? '');
      if (!CODE.test(code)) throw badRequest('表名只能由小写字母、数字和下划线组成，且以字母开头', 'A table name is lower-case letters, digits and underscores, starting with a letter');
      const fields = (details.fields ?? (id ? await storedFields(tx, id) : [])) as unknown as DesignedField[];
      for (const [index, field] of fields.entries()) {
        const line = index + 1;
        const key = String(field.key ?? '');
        if (!FIELD_KEY.test(key))
          throw badRequest(`第 ${line} 行 字段名「${key}」只能由字母和数字组成，且以小写字母开头`, `Row ${line}: a field name is letters and digits, starting with a lower-case letter`);
        if (RESERVED_KEYS.has(key)) throw badRequest(`第 ${line} 行 字段名「${key}」是系统保留字段`, `Row ${line}: "${key}" is a name the system keeps`);
        if (field.fieldType === 'dict' && !(field.dictCode && (await context.dictionaries.exists(field.dictCode))))
          throw badRequest(`第 ${line} 行 字典「${field.dictCode ?? ''}」不存在`, `Row ${line}: there is no dictionary "${field.dictCode ?? ''}"`);
        // Nothing but the form fills a designed form's fields (a code-declared entity's hooks may).
        if (field.required === '1' && field.inForm === '0') throw badRequest(`第 ${line} 行 必填字段须在表单中显示`, `Row ${line}: a required field must be on the form`);
        if (field.popupCode) {
          try {
            const report = await loadReport(work, caller, { code: field.popupCode });
            const columns = ['id', ...report.columns.map((column) => column.key)];
            const missing = String(field.popupOrgFields ?? '')
              .split(',')
              .map((part) => part.trim())
              .find((part) => part && !columns.includes(part));
            if (missing) throw badRequest(`第 ${line} 行 报表字段「${missing}」不在报表「${report.name}」中`, `Row ${line}: "${missing}" is not a column of the report ${report.name}`);
          } catch (error) {
            if (error instanceof ApiError && error.status === 404) throw badRequest(`第 ${line} 行 弹窗报表「${field.popupCode}」不存在`, `Row ${line}: there is no report "${field.popupCode}"`);
            throw error;
          }
        }
      }
      if (before?.publishStatus === '1' && (before.masterCode ?? null) !== ((values.masterCode as string | null | undefined) || null))
        throw badRequest('已发布的表单不能更改主表，请先取消发布', 'A published form keeps its master: unpublish it first');
      const master = await masterFormOf(work, values);
      const spec = onlineFormSpec({ id: id ?? 'new', code, title: String(values.title ?? ''), titleEn: (values.titleEn as string | null) ?? null, master }, fields);
      const [problem] = specProblems(spec);
      if (problem) throw badRequest(problem['zh-CN'], problem.en);
      if (!id || !before) return;
      // Saved: the declaration as it now is, one version on.
      values.spec = JSON.stringify(spec);
      values.version = Number(before.version ?? 0) + 1;
      if (before.publishStatus !== '1') return;
      await ensureFormStore(tx, id, spec);
      // A detail's buttons are on its master's screen; a form of its own has its screen renamed with it.
      const menuId = master ? master.menuId : (before.menuId as string | null);
      if (!menuId) return;
      await syncMenuButtons(work, menuId, spec);
      if (!master) await tx.update(permissions).set({ name: spec.screen.title['zh-CN'], nameEn: spec.screen.title.en }).where(eq(permissions.id, menuId));
    },
    async beforeDelete({ rows }) {
      if (rows.some((row) => row.publishStatus === '1')) throw badRequest('已发布的表单不能删除，请先取消发布', 'A published form is not deleted: unpublish it first');
    },
    // Publishing changes what the school's administrators hold.
    afterChange: async () => context.grants.changed(),
  };
}
