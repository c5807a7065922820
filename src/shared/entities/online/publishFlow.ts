import type { Titles } from '../../engine/spec';
import type { FlowSpec } from '../../engine/flow';

/**
 * 发布 and 取消发布 of a school's own online form or report: its screen on the menu under the
 * chosen area (granted to the school's 系统管理员), or off it again. Each says what it does to it.
 */
export function publishFlow(kind: 'form' | 'report', shown: { publish: readonly string[]; unpublish: readonly string[] }, confirm: { publish: Titles; unpublish: Titles }): FlowSpec {
  return {
    status: ['publishStatus'],
    actions: [
      {
        id: 'publish',
        title: { 'zh-CN': '发布', en: 'Publish' },
        from: { publishStatus: ['0'] },
        to: { publishStatus: '1' },
        show: shown.publish,
        confirm: confirm.publish,
        done: { 'zh-CN': '已发布', en: 'Published' },
        effect: true,
        icon: 'upload',
        keywords: ['publish', 'online', kind, 'fabu'],
        toolbar: true,
      },
      {
        id: 'unpublish',
        title: { 'zh-CN': '取消发布', en: 'Unpublish' },
        from: { publishStatus: ['1'] },
        to: { publishStatus: '0' },
        show: shown.unpublish,
        confirm: confirm.unpublish,
        done: { 'zh-CN': '已取消发布', en: 'Unpublished' },
        effect: true,
        icon: 'eye-off',
        keywords: ['unpublish', 'online', kind, 'quxiao', 'fabu'],
      },
    ],
  };
}
