import { useEffect, useRef, useState } from 'react';
import { actionState } from '@shared/permissions';
import { peopleApi, type PersonHit } from '@web/api/people';
import { usePermissions } from '@web/stores/permissions';

/** The codes that let a user look people up at the counter (either screen). */
export const PEOPLE_SEARCH_CODES = 'members:people,members:accounts';

/** A query worth asking the server about: two characters, or one Chinese character. */
export const searchable = (text: string) => text.trim().length >= 2 || /[\u4e00-\u9fff]/.test(text);

/**
 * People matching what is typed in the palette, asked of the server 200 ms after the last key
 * (a scanner's burst is one request), or at once when an Enter waits for them (`now`). `for` says
 * which text the hits belong to.
 */
export function usePeopleSearch(text: string, enabled: boolean, now = false): { hits: PersonHit[]; for: string } {
  const codes = usePermissions((state) => state.codes);
  const auth = usePermissions((state) => state.auth);
  const allAuth = usePermissions((state) => state.allAuth);
  const allowed = actionState(PEOPLE_SEARCH_CODES, { codes, auth, allAuth }) === 'shown';
  const [found, setFound] = useState<{ hits: PersonHit[]; for: string }>({ hits: [], for: '' });
  const query = text.trim();
  const active = enabled && allowed && searchable(query);
  // The text last asked about, and the text now typed: an Enter that comes after the pause does not
  // ask again, and an answer to older text does not replace a newer one.
  const asked = useRef<string | null>(null);
  const latest = useRef(query);
  latest.current = query;
  useEffect(() => {
    if (!active) {
      asked.current = null;
      return;
    }
    if (asked.current === query) return;
    const timer = window.setTimeout(
      () => {
        asked.current = query;
        const answer = (hits: PersonHit[]) => latest.current === query && setFound({ hits, for: query });
        peopleApi.search(query).then(answer, () => answer([]));
      },
      now ? 0 : 200,
    );
    return () => window.clearTimeout(timer);
  }, [active, query, now]);
  return active && found.for === query ? found : { hits: [], for: active ? '' : query };
}
