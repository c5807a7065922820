/** 亲情通话 in the web app: its two screens (each its own chunk), its command and texts. */
import type { WebArea } from '@web/registry/areas';
import { callsShared } from '../shared';
import { callsCommands } from './commands';
import { callsTextsEn, callsTextsZh } from './texts';

declare module '@commands/types' {
  interface AreaCommandIds {
    'callPhone.issueKey': true;
  }
}
type CallsTexts = Record<keyof typeof callsTextsZh, true>;
declare module '@web/i18n/zh-CN' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AreaMessages extends CallsTexts {}
}

export const callsWeb: WebArea = {
  shared: callsShared,
  screens: {
    'calls/CallMemberList': () => import('./screens/CallMemberList'),
    'calls/CallPackageList': () => import('./screens/CallPackageList'),
  },
  commands: callsCommands,
  texts: { 'zh-CN': callsTextsZh, en: callsTextsEn },
};

export default callsWeb;
