import { and, eq } from 'drizzle-orm';
import { specProblems } from '@shared/engine/check';
import type { EntitySpec } from '@shared/engine/spec';
import { onlineFormSpec, type DesignedField } from '@shared/online/formSpec';
import type { FlowEffect } from '../../crud/flowActions';
import { onlineForms } from '../../db/schema';
import { badRequest } from '../../http/envelope';
import { formScreen, placeOnMenu, syncMenuButtons, takeButtonsOff, takeOffMenu } from './publishedMenu';
import { ensureFormStore } from './formStore';
import { masterFormOf, storedFields } from './form.hooks';

/**
 * Online 表单's flow: 发布 makes the form's store (its view and indexes) and its menu screen with
 * buttons, granted to the school's 系统管理员; 取消发布 takes the screen off the menu (with every
 * role's grant of it) and keeps the records.
 */
export const formActions: Readonly<Record<string, FlowEffect>> = {
  async publish({ tx, context, caller, row }) {
    const fields = (await storedFields(tx, String(row.id))) as unknown as DesignedField[];
    const master = await masterFormOf(tx, caller.tenantId, row);
    if (master && (master.publishStatus !== '1' || !master.menuId)) throw badRequest(`请先发布主表「${master.title}」`, `Publish the master form ${master.title} first`);
    const spec = onlineFormSpec({ id: String(row.id), code: String(row.code), title: String(row.title), titleEn: (row.titleEn as string | null) ?? null, master }, fields);
    const [problem] = specProblems(spec);
    if (problem) throw badRequest(problem['zh-CN'], problem.en);
    await ensureFormStore(tx, String(row.id), spec);
    // A detail's buttons join its master's screen (granted to whoever holds it); a form of its own gets its screen.
    let menuId: string | null = null;
    if (master) await syncMenuButtons(tx, caller.tenantId, master.menuId!, spec);
    else menuId = await placeOnMenu(tx, caller.tenantId, formScreen(spec), String(row.menuArea), (row.menuId as string | null) ?? null);
    return {
      set: { menuId, spec: JSON.stringify(spec), version: Number(row.version ?? 0) + 1 },
      after: async () => context.grants.changed(),
    };
  },
  async unpublish({ tx, context, caller, row }) {
    const [detail] = await tx
      .select({ title: onlineForms.title })
      .from(onlineForms)
      .where(and(eq(onlineForms.tenantId, caller.tenantId), eq(onlineForms.masterCode, String(row.code)), eq(onlineForms.publishStatus, '1'), eq(onlineForms.delFlag, 0)));
    if (detail) throw badRequest(`请先取消发布从表「${detail.title}」`, `Unpublish the detail form ${detail.title} first`);
    const master = await masterFormOf(tx, caller.tenantId, row);
    if (master?.menuId && row.spec) await takeButtonsOff(tx, master.menuId, JSON.parse(String(row.spec)) as EntitySpec);
    if (row.menuId) await takeOffMenu(tx, String(row.menuId));
    return { set: { menuId: null }, after: async () => context.grants.changed() };
  },
};
