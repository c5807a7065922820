import { defineCommand, type CommandContext } from './types';

const hasSelection = (ctx: CommandContext) => ctx.selection.length > 0;

/** Row commands: they exist while rows are selected in the current list. */
export const gridCommands = [
  defineCommand({
    id: 'grid.exportSelected',
    title: { 'zh-CN': '导出选中行（CSV）', en: 'Export selected rows (CSV)' },
    keywords: ['export', 'csv', 'selected', 'rows', 'daochu', 'xuanzhong'],
    section: 'rows',
    icon: 'download',
    when: hasSelection,
    run: ({ app, selection }) => app.exportCsv(selection as Record<string, unknown>[]),
  }),
  defineCommand({
    id: 'grid.clearSelection',
    title: { 'zh-CN': '清空选择', en: 'Clear selection' },
    keywords: ['clear', 'selection', 'qingkong'],
    section: 'rows',
    icon: 'x',
    hotkeys: ['alt+shift+x'],
    when: hasSelection,
    run: ({ app }) => app.clearSelection(),
  }),
];
