import { HOME_PATH } from '@shared/constants';
import { defineCommand } from './types';

export const navigationCommands = [
  defineCommand({
    id: 'nav.home',
    title: { 'zh-CN': '回到首页', en: 'Go home' },
    keywords: ['home', 'dashboard', 'shouye'],
    section: 'navigation',
    icon: 'house',
    hotkeys: ['g>h', 'alt+shift+h'],
    run: ({ app }) => app.navigate(HOME_PATH),
  }),
  defineCommand({
    id: 'nav.back',
    title: { 'zh-CN': '后退', en: 'Go back' },
    keywords: ['back', 'previous'],
    section: 'navigation',
    icon: 'arrow-left',
    hotkeys: ['g>bracketleft', 'alt+shift+bracketleft'],
    run: ({ app }) => app.back(),
  }),
  defineCommand({
    id: 'nav.forward',
    title: { 'zh-CN': '前进', en: 'Go forward' },
    keywords: ['forward', 'next'],
    section: 'navigation',
    icon: 'arrow-right',
    hotkeys: ['g>bracketright', 'alt+shift+bracketright'],
    run: ({ app }) => app.forward(),
  }),
  defineCommand({
    id: 'page.focusQuery',
    title: { 'zh-CN': '转到查询条件', en: 'Go to the search fields' },
    keywords: ['query', 'search', 'filter', 'chaxun', 'sousuo'],
    section: 'navigation',
    icon: 'list-filter',
    hotkeys: ['alt+shift+q'],
    run: ({ app }) => app.focusPage('query'),
  }),
  defineCommand({
    id: 'page.focusGrid',
    title: { 'zh-CN': '转到列表', en: 'Go to the list' },
    keywords: ['grid', 'list', 'table', 'liebiao', 'biaoge'],
    section: 'navigation',
    icon: 'list-tree',
    hotkeys: ['alt+shift+g'],
    run: ({ app }) => app.focusPage('grid'),
  }),
  defineCommand({
    id: 'nav.copyLink',
    title: { 'zh-CN': '复制当前页面链接', en: 'Copy link to this page' },
    keywords: ['copy', 'link', 'url', 'share', 'lianjie'],
    section: 'navigation',
    icon: 'link',
    hotkeys: ['alt+shift+c'],
    // A deep link to "copy the link" would copy the link of the link: pointless.
    when: (ctx) => !ctx.pathname.startsWith('/do/'),
    run: ({ app, fullPath }) => app.copyText(`${app.origin}${fullPath}`),
  }),
];
