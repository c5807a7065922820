import { NOT_FOUND_PATH } from '@shared/constants';
import { fill, translate } from '@web/i18n';
import { toast } from './toast';

/**
 * Keys typed before their target exists are held, then given to it in order, as if it had been
 * there. A clerk's machine at 07:30 is slow: a screen chosen in the palette is still loading when
 * its search is typed, a dialog's chunk is still arriving when its amount is typed, a page is
 * still being drawn when its close key is pressed. The keyboard's next target is on its way:
 *
 * - while the address names a page the console has not yet drawn and focused (a navigation, the
 *   console's first page after sign-in);
 * - while a command is starting (its dialog or confirmation not yet open);
 * - while a dialog or confirmation is open but has not yet taken the focus.
 *
 * Held keys are given to what holds the focus once the target is ready: the key's own event
 * again (every listener sees it, in order), then what the browser would have done by default
 * (a character typed into a field, Enter submitting its form or pressing its button, Space
 * pressing a button, Tab moving on). A target that never comes refuses them visibly.
 *
 * Listens first (installed before anything else, on window, capturing).
 */

/** A target that has not come by then will not: its keys are refused (said in a toast), not given elsewhere. */
const HOLD_LIMIT_MS = 20_000;
/** A command that has not opened anything by then is running in the background: its keys go on. */
const COMMAND_LIMIT_MS = 5_000;

interface HeldKey {
  key: string;
  code: string;
  ctrlKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  metaKey: boolean;
  location: number;
}

type HoldKind = 'command' | 'dialog';

let nextHold = 0;
const holds = new Map<number, { kind: HoldKind; timer: number }>();
const held: HeldKey[] = [];
/** The events this module dispatches itself: they pass. */
const replayed = new WeakSet<Event>();
/** The page (path and query) drawn and focused last; null until the first one is. */
let readyPage: string | null = null;
/** When the wait for the page at the address began (for its limit). */
let awaitingSince = 0;
let awaitingFor = '';
let signedIn: () => boolean = () => false;

const MODIFIERS = new Set(['Control', 'Shift', 'Alt', 'Meta', 'CapsLock', 'AltGraph']);

/**
 * What waits, on `<html>`, for whoever must know when the keyboard has caught up (the keyboard
 * journeys read a screen only then): `data-keys-held` while keys wait, `data-page-ready` naming
 * the page last drawn and focused.
 */
function showState(): void {
  document.documentElement.toggleAttribute('data-keys-held', held.length > 0);
  if (readyPage !== null) document.documentElement.dataset.pageReady = readyPage;
}

/** The address, as the tab views name their pages. */
const here = () => `${window.location.pathname}${window.location.search}`;

/** The console's page at the address is not yet drawn and focused. */
function awaitingPage(): boolean {
  if (!signedIn()) return false;
  const path = window.location.pathname;
  // A deep link runs and moves on; the sign-in pages and 404 are not the console's pages.
  if (path.startsWith('/do/') || path.startsWith('/user/') || path === NOT_FOUND_PATH) return false;
  const at = here();
  if (at === readyPage) return false;
  if (awaitingFor !== at) {
    awaitingFor = at;
    awaitingSince = performance.now();
  }
  return true;
}

/** Keys are waiting for their target (a page still drawing waits longer for its first field). */
export const keysWaiting = (): boolean => held.length > 0;

/** Whether a key now must wait for its target. */
export function holding(): boolean {
  return holds.size > 0 || awaitingPage();
}

/** Starts the console's key keeping: before anything else listens. */
export function installTypeAhead(isSignedIn: () => boolean): void {
  signedIn = isSignedIn;
  window.addEventListener(
    'keydown',
    (event) => {
      if (replayed.has(event) || event.defaultPrevented || event.isComposing || event.keyCode === 229 || MODIFIERS.has(event.key)) return;
      // Keys after held ones keep their order: they wait too.
      if (!holding() && held.length === 0) return;
      if (!holding()) {
        deliver();
        if (held.length === 0) return;
      }
      held.push({ key: event.key, code: event.code, ctrlKey: event.ctrlKey, altKey: event.altKey, shiftKey: event.shiftKey, metaKey: event.metaKey, location: event.location });
      event.preventDefault();
      event.stopImmediatePropagation();
      showState();
      scheduleLimit();
    },
    { capture: true },
  );
  // A held key's release is not for anyone either: its press is given later, with its own release.
  window.addEventListener(
    'keyup',
    (event) => {
      if (!replayed.has(event) && held.length > 0 && !MODIFIERS.has(event.key)) event.stopImmediatePropagation();
    },
    { capture: true },
  );
  // A dialog takes the keys once it has the focus.
  document.addEventListener(
    'focusin',
    (event) => {
      const dialog = (event.target as Element | null)?.closest?.('[role="dialog"], [role="alertdialog"]');
      if (!dialog) return;
      for (const [id, hold] of holds) if (hold.kind === 'dialog') release(id);
    },
    { capture: true },
  );
}

/** The page at `fullPath` is drawn and has put the keyboard where it starts: its keys are given to it. */
export function pageReady(fullPath: string): void {
  readyPage = fullPath;
  showState();
  if (!holding()) window.setTimeout(deliver, 0);
}

/** Keys wait until the returned function is called (or the command's limit passes). */
export function holdForCommand(): () => void {
  return hold('command', COMMAND_LIMIT_MS);
}

/** A dialog or confirmation is opening: keys wait until it has the focus. Holds for a command hand over to it. */
export function holdForDialog(): void {
  for (const [id, existing] of holds) if (existing.kind === 'command') release(id);
  hold('dialog', HOLD_LIMIT_MS);
}

/** The dialog closed (or never came to be): keys wait for it no longer. */
export function dialogClosed(): void {
  for (const [id, existing] of holds) if (existing.kind === 'dialog') release(id);
}

function hold(kind: HoldKind, limit: number): () => void {
  nextHold += 1;
  const id = nextHold;
  // A dialog that never takes the focus refuses the keys; a command past its limit lets them go on.
  const timer = window.setTimeout(() => (kind === 'dialog' ? refuse(id) : release(id)), limit);
  holds.set(id, { kind, timer });
  return () => release(id);
}

function release(id: number): void {
  const hold = holds.get(id);
  if (!hold) return;
  window.clearTimeout(hold.timer);
  holds.delete(id);
  // After the focus has settled (a dialog's autofocus finishes in the same task).
  if (!holding()) window.setTimeout(deliver, 0);
}

let limitTimer = 0;
/** Keys held for a page that never comes are refused, not kept for ever. */
function scheduleLimit(): void {
  if (limitTimer) return;
  limitTimer = window.setTimeout(function check() {
    limitTimer = 0;
    if (held.length === 0) return;
    if (holds.size === 0 && awaitingPage() && performance.now() - awaitingSince > HOLD_LIMIT_MS) {
      // The page will not be drawn: it is taken as it is, and the keys are not given to it.
      readyPage = here();
      dropHeld();
      showState();
      return;
    }
    limitTimer = window.setTimeout(check, 1000);
  }, 1000);
}

function refuse(id: number): void {
  holds.delete(id);
  if (!holding()) dropHeld();
}

function dropHeld(): void {
  const count = held.length;
  held.length = 0;
  showState();
  if (count) toast.warning(fill(translate('keys.refused'), { count: String(count) }));
}

/** Gives the held keys, in order, to what has the focus; stops when one of them starts a new wait. */
function deliver(): void {
  while (held.length > 0 && !holding()) {
    const key = held.shift()!;
    press(key);
  }
  showState();
}

/** A key as the browser would have handled it: its events, then its default action. */
function press(key: HeldKey): void {
  const target = (document.activeElement as HTMLElement | null) ?? document.body;
  const init: KeyboardEventInit = { ...key, bubbles: true, cancelable: true, composed: true };
  const down = new KeyboardEvent('keydown', init);
  replayed.add(down);
  const handled = !target.dispatchEvent(down);
  if (!handled && document.activeElement === target) defaultAction(target, key);
  const up = new KeyboardEvent('keyup', init);
  replayed.add(up);
  (document.activeElement ?? document.body).dispatchEvent(up);
}

const isTextField = (element: Element): element is HTMLInputElement | HTMLTextAreaElement =>
  element instanceof HTMLTextAreaElement || (element instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'image', 'range', 'color'].includes(element.type));

/** What the browser does for an unhandled key: type it, submit, press, move on. */
function defaultAction(target: HTMLElement, key: HeldKey): void {
  const chord = key.ctrlKey || key.metaKey || key.altKey;
  if (key.key.length === 1 && !chord) {
    if (isTextField(target) || target.isContentEditable) edit('insertText', key.key);
    else if (key.key === ' ' && isPressable(target)) target.click();
    return;
  }
  if (chord) return;
  if (key.key === 'Backspace' && (isTextField(target) || target.isContentEditable)) edit('delete');
  else if (key.key === 'Enter') {
    if (target instanceof HTMLInputElement && isTextField(target)) target.form?.requestSubmit();
    else if (isPressable(target)) target.click();
  } else if (key.key === 'Tab') moveFocus(target, key.shiftKey ? -1 : 1);
}

/** Typing as the browser's own editing does it: the field's input events fire, its undo keeps it. */
function edit(command: 'insertText' | 'delete', text?: string): void {
  // (A document without editing commands — not a browser — types nothing.)
  if (typeof document.execCommand === 'function') document.execCommand(command, false, text);
}

const isPressable = (element: HTMLElement) =>
  element instanceof HTMLButtonElement ||
  element instanceof HTMLAnchorElement ||
  (element instanceof HTMLInputElement && ['checkbox', 'radio', 'button', 'submit'].includes(element.type)) ||
  element.getAttribute('role') === 'button';

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/** Tab: the next (or previous) element the keyboard reaches, within the dialog holding the focus. */
function moveFocus(from: HTMLElement, step: 1 | -1): void {
  const scope = from.closest<HTMLElement>('[role="dialog"], [role="alertdialog"]') ?? document.body;
  const all = [...scope.querySelectorAll<HTMLElement>(TABBABLE)].filter((element) => element.tabIndex >= 0 && element.getClientRects().length > 0);
  if (all.length === 0) return;
  const at = all.indexOf(from);
  const next = all[(at + step + all.length) % all.length] ?? all[0]!;
  next.focus();
}
