/** 活动管理 in the web app: its screen (its own chunk) and texts; its commands are the engine's. */
import type { WebArea } from '@web/registry/areas';
import { activitiesShared } from '../shared';
import { activitiesTextsEn, activitiesTextsZh } from './texts';

type ActivitiesTexts = Record<keyof typeof activitiesTextsZh, true>;
declare module '@web/i18n/zh-CN' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AreaMessages extends ActivitiesTexts {}
}

export const activitiesWeb: WebArea = {
  shared: activitiesShared,
  screens: { 'activities/ActivityList': () => import('./screens/ActivityList') },
  texts: { 'zh-CN': activitiesTextsZh, en: activitiesTextsEn },
};

export default activitiesWeb;
