/** 门禁管理 in the web app: 设备授权 and 考勤管理 (each its own chunk), a controller's key command, its texts. */
import type { WebArea } from '@web/registry/areas';
import { accessShared } from '../shared';
import { accessCommands } from './commands';
import { accessTextsEn, accessTextsZh } from './texts';

declare module '@commands/types' {
  interface AreaCommandIds {
    'door.issueKey': true;
  }
}
type AccessTexts = Record<keyof typeof accessTextsZh, true>;
declare module '@web/i18n/zh-CN' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AreaMessages extends AccessTexts {}
}

export const accessWeb: WebArea = {
  shared: accessShared,
  // The names installed schools' menu rows keep.
  screens: {
    'access/DeviceAuthorisationList': () => import('./screens/DeviceAuthorisationList'),
    'access/AttendanceList': () => import('./screens/AttendanceList'),
  },
  commands: accessCommands,
  texts: { 'zh-CN': accessTextsZh, en: accessTextsEn },
};

export default accessWeb;
