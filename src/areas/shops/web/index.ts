/** 商铺管理 in the web app: its shop screen (its own chunk; the categories use the engine's list) and texts. */
import type { WebArea } from '@web/registry/areas';
import { shopsShared } from '../shared';
import { shopsTextsEn, shopsTextsZh } from './texts';

type ShopsTexts = Record<keyof typeof shopsTextsZh, true>;
declare module '@web/i18n/zh-CN' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AreaMessages extends ShopsTexts {}
}

export const shopsWeb: WebArea = {
  shared: shopsShared,
  screens: { 'shops/ShopList': () => import('./screens/ShopList') },
  texts: { 'zh-CN': shopsTextsZh, en: shopsTextsEn },
};

export default shopsWeb;
