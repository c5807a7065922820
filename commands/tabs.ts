import type { CommandArgs, CommandContext, RunContext } from './types';
import { defineCommand } from './types';

const inMultipage = (ctx: CommandContext) => ctx.settings.multipage && ctx.openTabs.length > 0;
/** The tab a command acts on: `?path=` from a link or the context menu, else (undefined) the current one. */
const target = (args: CommandArgs) => args.path;

/** Close left / right / others: the context menu's first three entries, as commands. */
function closeMany(type: 'closeLeft' | 'closeRight' | 'closeOthers', zh: string, en: string, keyword: string) {
  return defineCommand({
    id: `tabs.${type}` as const,
    title: { 'zh-CN': zh, en },
    keywords: ['close', 'tabs', keyword],
    section: 'tabs',
    icon: 'x',
    when: inMultipage,
    run: (ctx: RunContext, args: CommandArgs) => ctx.app.tabs({ type, fullPath: target(args) }),
  });
}

const JUMP_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

export const tabCommands = [
  defineCommand({
    id: 'tabs.close',
    title: { 'zh-CN': '关闭当前页签', en: 'Close this tab' },
    keywords: ['close', 'tab', 'guanbi'],
    section: 'tabs',
    icon: 'x',
    hotkeys: ['mod+alt+w'],
    hotkeysInInputs: true,
    when: inMultipage,
    run: (ctx, args) => ctx.app.tabs({ type: 'close', fullPath: target(args) }),
  }),
  closeMany('closeLeft', '关闭左侧页签', 'Close tabs to the left', 'zuoce'),
  closeMany('closeRight', '关闭右侧页签', 'Close tabs to the right', 'youce'),
  closeMany('closeOthers', '关闭其他页签', 'Close other tabs', 'qita'),
  defineCommand({
    id: 'tabs.refresh',
    title: { 'zh-CN': '刷新当前页面', en: 'Refresh this page' },
    keywords: ['refresh', 'reload', 'shuaxin'],
    section: 'tabs',
    icon: 'refresh-cw',
    hotkeys: ['alt+shift+r'],
    when: inMultipage,
    run: (ctx, args) => ctx.app.tabs({ type: 'refresh', fullPath: target(args) }),
  }),
  defineCommand({
    id: 'tabs.next',
    title: { 'zh-CN': '下一个页签', en: 'Next tab' },
    keywords: ['next', 'tab', 'xiayige'],
    section: 'tabs',
    icon: 'arrow-right',
    hotkeys: ['mod+alt+right'],
    hotkeysInInputs: true,
    when: (ctx) => inMultipage(ctx) && ctx.openTabs.length > 1,
    run: (ctx) => ctx.app.tabs({ type: 'step', step: 1 }),
  }),
  defineCommand({
    id: 'tabs.previous',
    title: { 'zh-CN': '上一个页签', en: 'Previous tab' },
    keywords: ['previous', 'tab', 'shangyige'],
    section: 'tabs',
    icon: 'arrow-left',
    hotkeys: ['mod+alt+left'],
    hotkeysInInputs: true,
    when: (ctx) => inMultipage(ctx) && ctx.openTabs.length > 1,
    run: (ctx) => ctx.app.tabs({ type: 'step', step: -1 }),
  }),
  defineCommand({
    id: 'tabs.jump',
    title: { 'zh-CN': '跳转到第 N 个页签', en: 'Go to tab N' },
    keywords: ['jump', 'tab', 'tiaozhuan'],
    section: 'tabs',
    icon: 'arrow-right',
    hotkeys: JUMP_KEYS.map((n) => `alt+${n}`),
    hotkeyArgs: Object.fromEntries(JUMP_KEYS.map((n) => [`alt+${n}`, { n }])),
    hotkeysInInputs: true,
    when: inMultipage,
    args: [
      {
        name: 'n',
        title: { 'zh-CN': '页签', en: 'Tab' },
        options: (ctx) => ctx.openTabs.map((tab, index) => ({ value: String(index + 1), title: { 'zh-CN': `${index + 1}. ${tab.title}`, en: `${index + 1}. ${tab.title}` } })),
      },
    ],
    run: (ctx, args) => ctx.app.tabs({ type: 'jump', position: Number(args.n) }),
  }),
  defineCommand({
    id: 'tabs.reopen',
    title: { 'zh-CN': '重新打开关闭的页签', en: 'Reopen closed tab' },
    keywords: ['reopen', 'closed', 'tab', 'chongxin'],
    section: 'tabs',
    icon: 'rotate-ccw',
    hotkeys: ['alt+shift+t'],
    when: (ctx) => ctx.settings.multipage,
    run: (ctx) => ctx.app.tabs({ type: 'reopen' }),
  }),
];
