/** 食材供应 in the web app: its inventory screen and 库存台账 dialog (each its own chunk), its command and texts. */
import type { WebArea } from '@web/registry/areas';
import { supplyShared } from '../shared';
import { supplyCommands } from './commands';
import { supplyTextsEn, supplyTextsZh } from './texts';

declare module '@commands/types' {
  interface AreaCommandIds {
    'stock.ledger': true;
  }
}
declare module '@commands/services' {
  interface AreaDialogs {
    stockLedger: true;
  }
}
type SupplyTexts = Record<keyof typeof supplyTextsZh, true>;
declare module '@web/i18n/zh-CN' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AreaMessages extends SupplyTexts {}
}

export const supplyWeb: WebArea = {
  shared: supplyShared,
  screens: { 'supply/InventoryList': () => import('./screens/InventoryList') },
  dialogs: { stockLedger: () => import('./dialogs/StockLedgerDialog') },
  commands: supplyCommands,
  texts: { 'zh-CN': supplyTextsZh, en: supplyTextsEn },
};

export default supplyWeb;
