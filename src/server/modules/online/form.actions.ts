import { and, eq } from 'drizzle-orm';
import { specProblems } from '@shared/engine/check';
import type { EntitySpec } from '@shared/engine/spec';
import { onlineFormSpec, type DesignedField } from '@shared/online/formSpec';
import type { FlowEffect } from '../../crud/flowActions';
import { GRANTS_CHANGED } from '../../outbox/grants';
import { onlineForms } from '../../db/schema';
import type { RowOf } from '../../db/work';
import { badRequest } from '../../http/envelope';
import { formScreen, placeOnMenu, syncMenuButtons, takeButtonsOff, takeOffMenu } from './publishedMenu';
import { ensureFormStore } from './formStore';
import { masterFormOf, storedFields } from './form.hooks';

/**
 * Online 表单's flow: 发布 makes the form's store (its view and indexes) and its menu screen with
 * buttons, granted to the school's 系统管理员; 取消发布 takes the screen off the menu (with every
 * role's grant of it) and keeps the records.
 */
export const formActions: Readonly<Record<string, FlowEffect<RowOf<typeof onlineForms>>>> = {
  async publish({ work, row: form }) {
    const fields = (await storedFields(work.tx, form.id)) as unknown as DesignedField[];
    const master = await masterFormOf(work, form);
    if (master && (master.publishStatus !== '1' || !master.menuId)) throw badRequest(`请先发布主表「${master.title}」`, `Publish the master form ${master.title} first`);
    const spec = onlineFormSpec({ id: form.id, code: form.code, title: form.title, titleEn: form.titleEn, master }, fields);
    const [problem] = specProblems(spec);
    if (problem) throw badRequest(problem['zh-CN'], problem.en);
    await ensureFormStore(work.tx, form.id, spec);
    // A detail's buttons join its master's screen (granted to whoever holds it); a form of its own gets its screen.
    let menuId: string | null = null;
    if (master) await syncMenuButtons(work, master.menuId!, spec);
    else menuId = await placeOnMenu(work, formScreen(spec), form.menuArea, form.menuId);
    return {
      set: { menuId, spec: JSON.stringify(spec), version: form.version + 1 },
      later: GRANTS_CHANGED,
    };
  },
  async unpublish({ work, row: form }) {
    const [detail] = await work.rows(onlineForms, and(eq(onlineForms.masterCode, form.code), eq(onlineForms.publishStatus, '1')));
    if (detail) throw badRequest(`请先取消发布从表「${detail.title}」`, `Unpublish the detail form ${detail.title} first`);
    const master = await masterFormOf(work, form);
    if (master?.menuId && form.spec) await takeButtonsOff(work.tx, master.menuId, JSON.parse(form.spec) as EntitySpec);
    if (form.menuId) await takeOffMenu(work.tx, form.menuId);
    return { set: { menuId: null }, later: GRANTS_CHANGED };
  },
};
