import { ACCOUNTS_SCREEN } from '@shared/cardOffice';
import type { PersonHit } from '@web/api/people';
import { useDataVersion } from '@web/stores/dataVersion';

/**
 * Where a person found at the counter opens: their account (recharge and loss report a key away),
 * else their card's issue. An account open in its tab is read again: a terminal may have posted
 * since it was shown.
 */
export function personPath(hit: PersonHit): string {
  useDataVersion.getState().bump('members.account');
  return hit.accountId ? `${ACCOUNTS_SCREEN}?id=${hit.accountId}` : `/do/member.openAccount?id=${hit.memberId}`;
}

/** The one person a scanned or typed number names exactly (a card's number, a 学/工号), if any. */
export const personOfNumber = (hits: readonly PersonHit[], number: string): PersonHit | undefined =>
  hits.find((hit) => hit.cardNo === number) ?? hits.find((hit) => hit.memberNo === number) ?? (hits.length === 1 ? hits[0] : undefined);
