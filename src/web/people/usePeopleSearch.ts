import { useEffect, useState } from 'react';
import { actionState } from '@shared/permissions';
import { peopleApi, type PersonHit } from '@web/api/people';
import { usePermissions } from '@web/stores/permissions';

/** The codes that let a user look people up at the counter (either screen). */
export const PEOPLE_SEARCH_CODES = 'members:people,members:accounts';

/** A query worth asking the server about: two characters, or one Chinese character. */
export const searchable = (text: string) => text.trim().length >= 2 || /[\u4e00-\u9fff]/.test(text);

/**
 * People matching what is typed in the palette, asked of the server 200 ms after the last key
 * (a scanner's burst is one request). `for` says which text the hits belong to.
 */
export function usePeopleSearch(text: string, enabled: boolean): { hits: PersonHit[]; for: string } {
  const codes = usePermissions((state) => state.codes);
  const auth = usePermissions((state) => state.auth);
  const allAuth = usePermissions((state) => state.allAuth);
  const allowed = actionState(PEOPLE_SEARCH_CODES, { codes, auth, allAuth }) === 'shown';
  const [found, setFound] = useState<{ hits: PersonHit[]; for: string }>({ hits: [], for: '' });
  const query = text.trim();
  const active = enabled && allowed && searchable(query);
  useEffect(() => {
    if (!active) return;
    let live = true;
    const timer = window.setTimeout(() => {
      peopleApi.search(query).then(
        (hits) => live && setFound({ hits, for: query }),
        () => live && setFound({ hits: [], for: query }),
      );
    }, 200);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [active, query]);
  return active && found.for === query ? found : { hits: [], for: active ? '' : query };
}
