/** 物业管理 in the web app: the topics with their comments and the property fees (each its own chunk), 批量生成's dialog and command, its texts. */
import type { WebArea } from '@web/registry/areas';
import { propertyShared } from '../shared';
import { propertyCommands } from './commands';
import { propertyTextsEn, propertyTextsZh } from './texts';

declare module '@commands/types' {
  interface AreaCommandIds {
    'propertyBill.generate': true;
  }
}
declare module '@commands/services' {
  interface AreaDialogs {
    propertyGenerate: true;
  }
}
type PropertyTexts = Record<keyof typeof propertyTextsZh, true>;
declare module '@web/i18n/zh-CN' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AreaMessages extends PropertyTexts {}
}

export const propertyWeb: WebArea = {
  shared: propertyShared,
  // The names installed schools' menu rows keep (物业费缴纳 was a screen of 缴费管理's).
  screens: {
    'payments/PropertyFeeList': () => import('./screens/PropertyFeeList'),
    'property/TopicList': () => import('./screens/TopicList'),
  },
  dialogs: { propertyGenerate: () => import('./dialogs/PropertyGenerateDialog') },
  commands: propertyCommands,
  texts: { 'zh-CN': propertyTextsZh, en: propertyTextsEn },
};

export default propertyWeb;
