/** 安防视频 in the web app: its screen and playback dialog (each its own chunk), its commands and texts. */
import type { WebArea } from '@web/registry/areas';
import { securityShared } from '../shared';
import { securityCommands } from './commands';
import { securityTextsEn, securityTextsZh } from './texts';

declare module '@commands/types' {
  interface AreaCommandIds {
    'camera.issueKey': true;
    'videoRecord.play': true;
  }
}
declare module '@commands/services' {
  interface AreaDialogs {
    videoPlayback: true;
  }
}
type SecurityTexts = Record<keyof typeof securityTextsZh, true>;
declare module '@web/i18n/zh-CN' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AreaMessages extends SecurityTexts {}
}

export const securityWeb: WebArea = {
  shared: securityShared,
  screens: { 'security/VideoRecordList': () => import('./screens/VideoRecordList') },
  dialogs: { videoPlayback: () => import('./dialogs/VideoPlaybackDialog') },
  commands: securityCommands,
  texts: { 'zh-CN': securityTextsZh, en: securityTextsEn },
};

export default securityWeb;
