import { parseSampleValues, renderTemplate, templateVariables } from '@shared/messages';
import type { EntityHooks } from '../../crud/registerEntity';
import { badRequest } from '../../http/envelope';
import { sendTextOrFail } from './texts';

/** 消息模板 (declared in template.ts): 测试发送 fills every variable (a sample value, else its own name) and texts one mobile. */
export const TEMPLATE_HOOKS: EntityHooks = {
  normalise(values) {
    if (typeof values.code === 'string') values.code = values.code.trim().toUpperCase();
  },
  async beforeSave({ values, before }) {
    const content = String(values.content ?? before?.content ?? '');
    // `${ name}` or `${1x}` would be sent as written: refused while the clerk is still here.
    const broken = content.match(/\$\{(?![A-Za-z_][A-Za-z0-9_]*\})[^}]*\}?/);
    if (broken) throw badRequest(`模板变量 ${broken[0]} 写法不对，应为 \${字母开头的名称}`, `Template variable ${broken[0]} is malformed: use \${name}`);
  },
  actions: {
    async test({ context, caller, row, input }) {
      const content = String(row.content);
      const samples = parseSampleValues(String(input.samples ?? ''));
      const values = Object.fromEntries(templateVariables(content).map((name) => [name, samples[name] || `[${name}]`]));
      const { text } = renderTemplate(content, values);
      const mobile = String(input.mobile);
      return {
        set: { lastTestAt: new Date() },
        note: `测试 ${mobile.slice(0, 3)}****${mobile.slice(-4)}`,
        after: async () => {
          await sendTextOrFail(context, caller.tenantId, {
            mobile,
            text: row.signName ? `【${String(row.signName)}】${text}` : text,
            scene: String(row.scene),
            templateCode: String(row.code),
            signName: row.signName as string | null,
            by: caller.username,
          });
        },
      };
    },
  },
};
