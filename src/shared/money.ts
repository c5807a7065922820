import type { Titles } from './engine/spec';

/**
 * The most one posting of the ledger may move, in yuan. Every amount a user types for the ledger
 * (a recharge, a payment from a card, a refund, a bill paid or waived) is held to it, by the same
 * words in the palette, in the dialog and on the server.
 */
export const LEDGER_CAP_YUAN = 100_000;

/** Why a typed amount (yuan) cannot go to the ledger, or null; `max`: an operation's own lower limit. */
export function ledgerAmountRefusal(yuan: number, max: number = LEDGER_CAP_YUAN): Titles | null {
  if (!Number.isFinite(yuan) || yuan <= 0) return { 'zh-CN': '金额必须大于0', en: 'The amount must be above zero' };
  if (Math.round(yuan * 100) !== Number((yuan * 100).toFixed(6))) return { 'zh-CN': '金额格式不正确，最多两位小数', en: 'The amount must have at most two decimals' };
  if (yuan > max) return { 'zh-CN': `金额不能超过${max}元`, en: `The amount cannot exceed ${max}` };
  return null;
}
