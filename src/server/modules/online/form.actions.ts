import { specProblems } from '@shared/engine/check';
import { onlineFormSpec, type DesignedField } from '@shared/online/formSpec';
import type { FlowEffect } from '../../crud/flowActions';
import { badRequest } from '../../http/envelope';
import { placeOnMenu, takeOffMenu } from './formMenu';
import { ensureFormStore } from './formStore';
import { storedFields } from './form.hooks';

/**
 * Online 表单's flow: 发布 makes the form's store (its view and indexes) and its menu screen with
 * buttons, granted to the school's 系统管理员; 取消发布 takes the screen off the menu (with every
 * role's grant of it) and keeps the records.
 */
export const formActions: Readonly<Record<string, FlowEffect>> = {
  async publish({ tx, context, caller, row }) {
    const fields = (await storedFields(tx, String(row.id))) as unknown as DesignedField[];
    const spec = onlineFormSpec({ id: String(row.id), code: String(row.code), title: String(row.title), titleEn: (row.titleEn as string | null) ?? null }, fields);
    const [problem] = specProblems(spec);
    if (problem) throw badRequest(problem['zh-CN'], problem.en);
    await ensureFormStore(tx, String(row.id), spec);
    const menuId = await placeOnMenu(tx, caller.tenantId, spec, String(row.menuArea), (row.menuId as string | null) ?? null);
    return {
      set: { menuId, spec: JSON.stringify(spec), version: Number(row.version ?? 0) + 1 },
      after: async () => context.grants.changed(),
    };
  },
  async unpublish({ tx, context, row }) {
    if (row.menuId) await takeOffMenu(tx, String(row.menuId));
    return { set: { menuId: null }, after: async () => context.grants.changed() };
  },
};
