// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import { dialogClosed, holdForCommand, holdForDialog, holding, installTypeAhead, pageReady } from '@web/lib/typeAhead';

/** A key as the user presses it; true if something kept it (its default prevented). */
const press = (key: string, target: EventTarget = document.activeElement ?? document.body) =>
  !target.dispatchEvent(new KeyboardEvent('keydown', { key, code: key.length === 1 ? `Key${key.toUpperCase()}` : key, bubbles: true, cancelable: true }));

const received: string[] = [];
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

beforeAll(() => {
  installTypeAhead(() => true);
  // What the page's own listeners see, in order.
  document.addEventListener('keydown', (event) => received.push(event.key));
});

describe('keys typed before their target exists', () => {
  it('wait while the address names a page not yet drawn, then reach it in order', async () => {
    window.history.pushState(null, '', '/meals/canteens');
    expect(holding()).toBe(true);
    expect([press('d'), press('i'), press('Enter')]).toEqual([true, true, true]);
    expect(received).toEqual([]);
    // Said on <html> for whoever waits for the keyboard to catch up.
    expect(document.documentElement.hasAttribute('data-keys-held')).toBe(true);
    pageReady('/meals/canteens');
    await tick();
    expect(received).toEqual(['d', 'i', 'Enter']);
    expect(document.documentElement.hasAttribute('data-keys-held')).toBe(false);
    expect(document.documentElement.dataset.pageReady).toBe('/meals/canteens');
    expect(holding()).toBe(false);
    // With nothing held, a key goes straight on.
    expect(press('x')).toBe(false);
    expect(received.at(-1)).toBe('x');
  });

  it('wait for a dialog until it has the focus; a command starting hands its keys over to the dialog it opens', async () => {
    received.length = 0;
    const release = holdForCommand();
    press('1');
    holdForDialog();
    release();
    press('2');
    await tick();
    expect(received).toEqual([]);
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    const amount = document.createElement('input');
    dialog.append(amount);
    document.body.append(dialog);
    amount.focus();
    await tick();
    expect(received).toEqual(['1', '2']);
    dialog.remove();
  });

  it('go on when the dialog closes without ever taking the focus', async () => {
    received.length = 0;
    holdForDialog();
    press('a');
    dialogClosed();
    await tick();
    expect(received).toEqual(['a']);
    expect(holding()).toBe(false);
  });

  it('keep their order behind a key that starts a new wait', async () => {
    received.length = 0;
    window.history.pushState(null, '', '/members/accounts');
    press('Enter');
    press('b');
    // The first key given starts a dialog: the second waits for it.
    const opener = (event: KeyboardEvent) => {
      if (event.key === 'Enter') holdForDialog();
    };
    document.addEventListener('keydown', opener);
    pageReady('/members/accounts');
    await tick();
    expect(received).toEqual(['Enter']);
    dialogClosed();
    await tick();
    expect(received).toEqual(['Enter', 'b']);
    document.removeEventListener('keydown', opener);
  });
});
