import type { Page } from '@playwright/test';
import { apiAs, expect } from './pages';

/**
 * A pupil found by `keyword` (高二's have no account in the sample school) gets an account and a new
 * card through the API.
 */
export async function newCard(page: Page, keyword: string, prefix: string): Promise<{ cardId: string; cardNo: string; memberNo: string; accountId: string }> {
  const hits = (await apiAs(page, 'GET', `/memb/member/search?keyword=${keyword}`)).result as { memberId: string; memberNo: string; accountId: string | null }[];
  const pupil = hits.find((hit) => !hit.accountId);
  expect(pupil, `a pupil without an account among ${keyword}…`).toBeDefined();
  const cardNo = `${prefix}${String(Date.now()).slice(-6)}`;
  const opened = await apiAs(page, 'POST', '/memb/account/open', { idempotencyKey: `card-${cardNo}`, memberId: pupil!.memberId, cardNo, physNo: `C0FE${cardNo}` });
  expect(opened.success, opened.message).toBe(true);
  const [card] = (await apiAs(page, 'GET', `/memb/card/list?cardNo=${cardNo}`)).result.records as { id: string }[];
  return { cardId: card!.id, cardNo, memberNo: pupil!.memberNo, accountId: opened.result.accountId as string };
}

/** A card reported lost, for 补卡 to start from (see newCard). */
export async function lostCard(page: Page, keyword: string, prefix: string): Promise<{ cardId: string; cardNo: string; memberNo: string; accountId: string }> {
  const card = await newCard(page, keyword, prefix);
  expect((await apiAs(page, 'POST', '/memb/card/reportLoss', { id: card.cardId })).success).toBe(true);
  return card;
}
