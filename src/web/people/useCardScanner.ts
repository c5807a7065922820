import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { actionState } from '@shared/permissions';
import { peopleApi } from '@web/api/people';
import { fill, translate } from '@web/i18n';
import { toast } from '@web/lib/toast';
import { PEOPLE_SEARCH_CODES } from '@web/people/usePeopleSearch';
import { usePalette } from '@web/stores/palette';
import { usePermissions } from '@web/stores/permissions';
import { personOfNumber, personPath } from './openPerson';

/** A reader types faster than any hand: keys this close together are one scan. */
const BURST_GAP_MS = 50;
/** The shortest number a reader sends (a card's number, a 学/工号). */
const SHORTEST = 4;

/** The keyboard is in something that takes what is typed (a field, an editor, a dialog's input). */
function takesTyping(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return Boolean(element && (element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName)));
}

const state = { keys: '', last: 0 };

/**
 * A key pressed at `at` was the first of a reader's burst: another followed within the burst's
 * gap. Single-key shortcuts (首页's digits) wait a moment and ask, so a scan is not taken for them.
 */
export const partOfScan = (at: number): boolean => state.last > at && state.keys.length > 1;

/**
 * A card reader anywhere in the console — a number typed in a burst, then Enter — opens the person
 * it names, as the palette would: unless the keyboard is in a field (a search box takes it), the
 * palette or a dialog is open, or the user may not look people up.
 */
export function useCardScanner(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing || takesTyping(event.target)) return;
      if (usePalette.getState().open || document.querySelector('[role="dialog"]')) return;
      // When the key was pressed, not when this page got round to it: a busy page handles a reader's
      // burst late, its keys queued, but their stamps are still a burst's.
      const now = event.timeStamp;
      const inBurst = now - state.last <= BURST_GAP_MS;
      if (event.key === 'Enter') {
        const number = inBurst && state.keys.length >= SHORTEST ? state.keys : '';
        state.keys = '';
        state.last = 0;
        if (!number) return;
        const { codes, auth, allAuth } = usePermissions.getState();
        if (actionState(PEOPLE_SEARCH_CODES, { codes, auth, allAuth }) !== 'shown') return;
        event.preventDefault();
        event.stopPropagation();
        void peopleApi.search(number).then(
          (hits) => {
            const person = personOfNumber(hits, number);
            if (person) navigate(personPath(person));
            else toast.warning(fill(translate('scanner.nobody'), { number }));
          },
          () => undefined,
        );
        return;
      }
      if (!/^[0-9A-Za-z]$/.test(event.key)) {
        state.keys = '';
        return;
      }
      state.keys = inBurst ? state.keys + event.key : event.key;
      state.last = now;
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [navigate]);
}
