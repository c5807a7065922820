import { useEffect, useMemo } from 'react';
import { useHotkeys } from 'react-hotkeys-hook';
import { commands, isAvailable } from '@commands/index';
import { useCommandContext, useRunCommand } from '@web/components/commandPort';
import { usePalette } from '@web/stores/palette';
import { isComposing } from './keys';

/** A chord with Ctrl/⌘ or Alt cannot be typing: it works inside text fields too (focus often sits in a query field). */
const isChord = (hotkey: string) => !hotkey.includes('>') && /(^|\+)(mod|ctrl|meta|alt)\+/.test(hotkey);

/**
 * The one place keys are bound: every available command's declared hotkeys. Single keys and
 * sequences never fire inside text fields; nothing fires while an IME is composing.
 */
export function useCommandHotkeys(): void {
  const ctx = useCommandContext();
  const run = useRunCommand();

  const { inInputs, elsewhere, byKey } = useMemo(() => {
    const byKey = new Map<string, { id: string; args: Record<string, string> }>();
    const inInputs: string[] = [];
    const elsewhere: string[] = [];
    for (const command of commands()) {
      if (!command.hotkeys || !isAvailable(command, ctx)) continue;
      for (const hotkey of command.hotkeys) {
        byKey.set(hotkey, { id: command.id, args: { ...('hotkeyArgs' in command ? command.hotkeyArgs?.[hotkey] : undefined) } });
        (isChord(hotkey) || ('hotkeysInInputs' in command && command.hotkeysInInputs) ? inInputs : elsewhere).push(hotkey);
      }
    }
    return { inInputs, elsewhere, byKey };
  }, [ctx]);

  const handle = (event: KeyboardEvent, hotkey: string) => {
    const bound = byKey.get(hotkey);
    if (!bound) return;
    event.preventDefault();
    void run(bound.id, bound.args);
  };
  const common = { ignoreEventWhen: isComposing, preventDefault: false } as const;

  // From now on Ctrl+K is ours; before, the palette's key buffer answered it.
  useEffect(() => {
    usePalette.getState().setHotkeysReady(true);
    return () => usePalette.getState().setHotkeysReady(false);
  }, []);

  useHotkeys(inInputs, (event, hotkeys) => handle(event, hotkeys.hotkey), { ...common, enableOnFormTags: true }, [byKey, run]);
  useHotkeys(elsewhere, (event, hotkeys) => handle(event, hotkeys.hotkey), { ...common, enableOnFormTags: false }, [byKey, run]);
}
