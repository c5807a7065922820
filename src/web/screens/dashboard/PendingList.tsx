import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { PendingWork } from '@shared/dashboard';
import { useLocale, useT } from '@web/i18n';
import { useTabInFront } from '@web/tabs/tabInFront';
import { partOfScan } from '@web/people/useCardScanner';

/** How long a digit waits to see whether a reader's burst follows it. */
const SCAN_WAIT_MS = 120;

/** The keyboard is in a field: a digit there is typed, not a shortcut. */
const inField = (event: KeyboardEvent) => {
  const target = event.target as HTMLElement | null;
  return Boolean(target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)));
};

/**
 * The approvals waiting for the user (首页, 工作台): each kind with its count, opened by a click or by
 * its digit while its page is the tab in front and no field or dialog has the keyboard.
 */
export function PendingList({ pending, testId }: { pending: readonly PendingWork[]; testId: string }) {
  const t = useT();
  const locale = useLocale((state) => state.locale);
  const navigate = useNavigate();
  const inFront = useTabInFront();
  // The tab's own path: the address bar moves before the tabs re-render, so a digit pressed just
  // after leaving is checked against it too.
  const { pathname: ownPath } = useLocation();
  useEffect(() => {
    if (!inFront || !pending.length) return;
    const onKey = (event: KeyboardEvent) => {
      if (window.location.pathname !== ownPath) return;
      if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing || inField(event) || document.querySelector('[role="dialog"]')) return;
      const item = /^[1-9]$/.test(event.key) ? pending[Number(event.key) - 1] : undefined;
      if (!item) return;
      event.preventDefault();
      // A card reader's number starts with a digit too: the key is a shortcut only if no burst follows it.
      const at = event.timeStamp;
      timers.push(window.setTimeout(() => !partOfScan(at) && navigate(item.path), SCAN_WAIT_MS));
    };
    const timers: number[] = [];
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      timers.forEach((timer) => window.clearTimeout(timer));
    };
  }, [inFront, ownPath, pending, navigate]);
  return (
    <div className="rounded bg-surface p-5" data-testid={testId}>
      <h3 className="mb-3 flex items-baseline gap-2 font-medium">
        {t('home.pending')}
        {pending.length ? <span className="text-xs font-normal text-text-muted">{t('home.pendingHint', { last: Math.min(pending.length, 9) })}</span> : null}
      </h3>
      {pending.length ? (
        <ul className="flex flex-col gap-1">
          {pending.map((item, index) => (
            <li key={item.kind}>
              <button
                type="button"
                className="flex w-full items-center gap-3 rounded px-2 py-1.5 text-left hover:bg-primary-soft"
                onClick={() => navigate(item.path)}
                aria-keyshortcuts={String(index + 1)}
              >
                <kbd className="rounded border border-border px-1.5 text-xs text-text-muted">{index + 1}</kbd>
                <span className="flex-1">{item.title[locale]}</span>
                <span className="font-medium tabular-nums text-primary-strong">{t('home.items', { count: item.count })}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-text-muted">{t('home.nothingPending')}</p>
      )}
    </div>
  );
}
