import type { messageTemplate } from '@shared/entities/messages/template';
import type { FlowEffects } from '../../crud/flowActions';
import { parseSampleValues, renderTemplate, templateVariables } from '@shared/messages';
import type { EntityHooks } from '../../crud/registerEntity';
import type { messageTemplates } from '../../db/schema';
import type { RowOf } from '../../db/work';
import { badRequest } from '../../http/envelope';
import { textsLater } from './texts';

/** 消息模板 (declared in template.ts): 测试发送 fills every variable (a sample value, else its own name) and texts one mobile after the commit. */
export const TEMPLATE_HOOKS: EntityHooks<RowOf<typeof messageTemplates>> = {
  normalise(values) {
    if (typeof values.code === 'string') values.code = values.code.trim().toUpperCase();
  },
  async beforeSave({ values, before }) {
    const content = values.content ?? before?.content ?? '';
    // `${ name}` or `${1x}` would be sent as written: refused while the clerk is still here.
    const broken = content.match(/\$\{(?![A-Za-z_][A-Za-z0-9_]*\})[^}]*\}?/);
    if (broken) throw badRequest(`模板变量 ${broken[0]} 写法不对，应为 \${字母开头的名称}`, `Template variable ${broken[0]} is malformed: use \${name}`);
  },
  actions: {
    async test({ caller, row, input }) {
      const { content } = row;
      const samples = parseSampleValues(input.samples ?? '');
      const values = Object.fromEntries(templateVariables(content).map((name) => [name, samples[name] || `[${name}]`]));
      const { text } = renderTemplate(content, values);
      const mobile = input.mobile;
      return {
        set: { lastTestAt: new Date() },
        note: `测试 ${mobile.slice(0, 3)}****${mobile.slice(-4)}`,
        // The clerk waits for it: its failure is the answer.
        later: textsLater([{ mobile, text: row.signName ? `【${row.signName}】${text}` : text, scene: row.scene, templateCode: row.code, signName: row.signName, by: caller.username }], {
          failed: 'refuse',
        }),
      };
    },
  } satisfies FlowEffects<typeof messageTemplate, RowOf<typeof messageTemplates>>,
};
