import { defineCommand } from './types';

export const helpCommands = [
  defineCommand({
    id: 'help.palette',
    title: { 'zh-CN': '打开命令面板', en: 'Open the command palette' },
    keywords: ['command', 'palette', 'search', 'mingling'],
    section: 'help',
    icon: 'command',
    hotkeys: ['mod+k'],
    hotkeysInInputs: true,
    run: ({ app }) => app.openPalette(),
  }),
  defineCommand({
    id: 'help.shortcuts',
    title: { 'zh-CN': '快捷键帮助', en: 'Keyboard shortcuts' },
    keywords: ['help', 'shortcuts', 'keys', 'hotkeys', 'kuaijiejian', 'bangzhu'],
    section: 'help',
    icon: 'keyboard',
    hotkeys: ['shift+slash', 'mod+slash'],
    run: ({ app }) => app.openHelp(),
  }),
];
