import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import * as Dialog from '@radix-ui/react-dialog';
import { Command } from 'cmdk';
import { ChevronLeft, Lock } from 'lucide-react';
import { deepLinkOf, findCommand } from '@commands/index';
import type { InlineArg } from '@commands/types';
import { useCommandContext, useCommandServices, useRunCommand } from '@web/components/commandPort';
import { isComposing } from '@web/hotkeys/keys';
import { useLocale, useT } from '@web/i18n';
import { cn } from '@web/lib/cn';
import { opensInNewWindow, routableItems } from '@web/menu/menuModel';
import { restoreFocus } from '@web/lib/focus';
import { holdForCommand } from '@web/lib/typeAhead';
import { buildSearchKeys, createRanker, rank } from './search';
import { PaletteItem, type PaletteArg, type PaletteRow } from './PaletteItem';
import { linkArgs, nextArgRange, parseInline, type InlineMatch } from './inlineArgs';
import { schoolToday } from '@web/stores/schoolClock';
import { recentlyUsed, recentScores, recordUse } from './recent';
import { usePalette } from '../stores/palette';
import { usePaletteIndex, type PaletteEntry } from './usePaletteIndex';
import { searchable, usePeopleSearch } from '../people/usePeopleSearch';
import type { PersonHit } from '@web/api/people';
import { useDicts } from '@web/stores/dicts';
import { personPath } from '@web/people/openPerson';
import { ACCOUNTS_SCREEN } from '@shared/cardOffice';
import { preloadScreen } from '@web/screens/ScreenHost';
import { usePermissions } from '@web/stores/permissions';

/** What a card reader or a clerk types for a person: card, chip, 学/工号 or phone digits. */
const NUMBER = /^[0-9A-Fa-f]{4,20}$/;

interface Group {
  heading: string;
  rows: PaletteRow[];
}

/**
 * The command palette (cmdk in a Radix dialog): leaf menus, available commands, recent items
 * first on an empty query; nested pages for arguments; the locked section behind `!`.
 */
/**
 * Another screen's command ranks below this screen's of the same words (提交 on 出库管理 is this
 * screen's, not 采购管理's), however recently it was used.
 */
const ELSEWHERE_PENALTY = 15;

/** Rows drawn in the palette's first frame: more than its list shows at once. */
const FIRST_FRAME_ROWS = 16;

export function Palette() {
  const t = useT();
  const locale = useLocale((state) => state.locale);
  const navigate = useNavigate();
  const { open, scope, query, pages, showLocked, close, setQuery, pushPage, popPage, toggleLocked } = usePalette();
  const index = usePaletteIndex();
  const ctx = useCommandContext();
  const app = useCommandServices();
  const run = useRunCommand();
  const [selected, setSelected] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);

  const page = pages.at(-1);
  const pageCommand = page ? findCommand(page.commandId) : undefined;
  const pageArg = pageCommand?.args?.find((arg) => arg.name === page?.argName);
  const lockedQuery = query.startsWith('!');
  const text = lockedQuery ? query.slice(1) : query;
  const dicts = useDicts((state) => state.items);
  // 充值 20230001 50: a command named by the first word, its arguments typed after it.
  const inline = useMemo<InlineMatch | undefined>(() => {
    if (!open || scope !== 'all' || pageArg || lockedQuery) return undefined;
    const candidates = index.commands.filter((entry) => entry.command?.inline).map((entry) => ({ command: entry.command!, keys: entry.keys }));
    return parseInline(text, candidates, schoolToday())[0];
  }, [open, scope, pageArg, lockedQuery, index.commands, text]);
  const inlinePerson = inline?.typed.find((typed) => typed.arg.kind === 'person' && typed.value);
  const personFound = usePeopleSearch(inlinePerson?.text ?? '', Boolean(inlinePerson));
  // A card reader types the number and Enter at once: that Enter waits for the person it names,
  // asked for at once rather than after the typing pause.
  const [enterFor, setEnterFor] = useState<string | null>(null);
  const people = usePeopleSearch(text, open && scope === 'all' && !pageArg && !lockedQuery && !inline, enterFor !== null && enterFor === text.trim());
  // A number being typed is most likely a card about to open its account: that screen's code is
  // fetched while the reader is still typing.
  const typingNumber = NUMBER.test(text.trim());
  useEffect(() => {
    if (!typingNumber) return;
    const accounts = routableItems(usePermissions.getState().menu).find((item) => item.path === ACCOUNTS_SCREEN);
    if (accounts?.component) void preloadScreen(accounts.component).catch(() => undefined);
  }, [typingNumber]);

  const pool = useMemo<PaletteEntry[]>(() => (scope === 'menus' ? index.menus : [...index.menus, ...index.commands, ...index.tabs]), [scope, index]);
  // One ranker per index: each keystroke re-checks only what the previous one matched.
  const ranker = useMemo(() => createRanker(pool, (entry) => entry.keys), [pool]);

  const groups = useMemo<Group[]>(() => {
    if (!open) return [];
    if (pageArg && page) {
      const options = pageArg.options(ctx).map((option) => ({
        option,
        keys: buildSearchKeys(option.title['zh-CN'], [{ text: option.title.en, weight: 0.95 }, ...(option.keywords ?? []).map((k) => ({ text: k, weight: 0.6 }))]),
      }));
      const rows = rank(options, (o) => o.keys, text).map(({ item }) => ({
        id: `arg:${item.option.value}`,
        title: item.option.title[locale],
        onSelect: () => chooseArg(item.option.value),
      }));
      return [{ heading: pageArg.title[locale], rows }];
    }

    const withLocked = scope === 'all' && (showLocked || lockedQuery);
    // Commands needing a permission, and those the selected rows do not allow (each with its reason).
    const lockedGroups = (found: { entry: PaletteEntry; row: PaletteRow }[]): Group[] =>
      [
        { heading: t('palette.locked'), rows: found.filter(({ entry }) => !entry.reason).map(({ row }) => row) },
        { heading: t('palette.blocked'), rows: found.filter(({ entry }) => entry.reason).map(({ row }) => row) },
      ].filter((group) => group.rows.length > 0);
    const recent = recentScores();
    const toRow = (entry: PaletteEntry): PaletteRow => ({
      id: entry.id,
      title: entry.title[locale],
      subtitle: entry.subtitle[locale],
      icon: entry.icon,
      hotkeys: entry.hotkeys,
      kind: entry.kind,
      requires: entry.command?.permission,
      reason: entry.reason?.[locale],
      onSelect: () => chooseEntry(entry),
    });

    if (!text) {
      const out: Group[] = [];
      // 最近使用: the last used first; how often counts in the ranking of what a query matches.
      const recentRows = recentlyUsed()
        .map((id) => pool.find((entry) => entry.id === id))
        .filter((entry): entry is PaletteEntry => entry !== undefined)
        .slice(0, 5)
        .map((entry) => ({ ...toRow(entry), id: `recent:${entry.id}` }));
      if (recentRows.length && !lockedQuery) out.push({ heading: t('palette.recent'), rows: recentRows });
      if (!lockedQuery) {
        out.push({ heading: t('palette.menus'), rows: index.menus.map(toRow) });
        if (scope === 'all' && index.tabs.length) out.push({ heading: t('tabs.openTabs'), rows: index.tabs.map(toRow) });
        if (scope === 'all') {
          const bySection = new Map<string, PaletteRow[]>();
          for (const entry of index.commands) {
            const heading = entry.subtitle[locale];
            bySection.set(heading, [...(bySection.get(heading) ?? []), toRow(entry)]);
          }
          for (const [heading, rows] of bySection) out.push({ heading, rows });
        }
      }
      if (withLocked) out.push(...lockedGroups(index.locked.map((entry) => ({ entry, row: toRow(entry) }))));
      return out;
    }

    // The command with its arguments; what the words match otherwise is still there (充值冲正 for `recharge reversal`).
    const withArgs: Group[] = inline ? [{ heading: t('palette.withArgs'), rows: [inlineRow(inline)] }] : [];
    const ranked = lockedQuery ? [] : ranker(text, (entry) => (recent.get(entry.id) ?? 0) * 5 - (entry.elsewhere ? ELSEWHERE_PENALTY : 0)).map(({ item }) => toRow(item));
    const personRows = people.hits.map((hit): PaletteRow => ({
      id: `person:${hit.memberId}`,
      title: `${hit.realName}（${hit.memberNo}）`,
      subtitle: personLine(hit),
      icon: 'id-card',
      kind: 'person',
      onSelect: () => choosePerson(hit),
    }));
    const peopleGroup: Group[] = personRows.length ? [{ heading: t('palette.people'), rows: personRows }] : [];
    const resultsGroup: Group[] = ranked.length ? [{ heading: t('palette.results'), rows: ranked }] : [];
    // A number (card, chip, 学/工号) is most likely a person; words are most likely a screen or an action.
    const found: Group[] = NUMBER.test(text.trim()) ? [...peopleGroup, ...resultsGroup] : [...resultsGroup, ...peopleGroup];
    // Arguments read as meant lead; read wrongly, they follow what the words match (if anything does).
    const out: Group[] = inline?.ready || !found.length ? [...withArgs, ...found] : [...found, ...withArgs];
    if (withLocked) {
      out.push(...lockedGroups(rank(index.locked, (entry) => entry.keys, text).map(({ item }) => ({ entry: item, row: toRow(item) }))));
    }
    return out;
    // chooseEntry/chooseArg read fresh state through the store; rebuilding on them is not needed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, pageArg, page, ctx, text, locale, scope, index, pool, ranker, showLocked, lockedQuery, t, people, inline, personFound]);

  // cmdk names its active option only when it picks the value itself; ours is controlled, so the
  // input's aria-activedescendant is set here to the option actually selected.
  useEffect(() => {
    const option = document.querySelector<HTMLElement>('[data-palette] [cmdk-item][aria-selected="true"]');
    for (const element of document.querySelectorAll('[data-palette] [cmdk-input], [data-palette] [cmdk-list]')) {
      if (option?.id) element.setAttribute('aria-activedescendant', option.id);
      else element.removeAttribute('aria-activedescendant');
    }
  });

  // The highlight follows the best match until the user moves it: rows that arrive after the keys
  // (pinyin ranked again, a reloaded row whose new state allows 补卡) take the Enter that was meant
  // for them, not the row that happened to lead a moment before.
  const moved = useRef(false);
  useEffect(() => {
    moved.current = false;
  }, [query, pages.length]);
  const best = groups[0]?.rows[0]?.id;
  useEffect(() => {
    if (best && !moved.current) setSelected(best);
  }, [best]);

  // An Enter typed before the input could take it (a card reader after Ctrl+K): acted on now, as
  // the Enter key would be, once the query typed with it is in the list.
  const pendingEnter = usePalette((state) => state.pendingEnter);
  const inputReady = usePalette((state) => state.inputReady);
  useEffect(() => {
    if (!pendingEnter || !inputReady || !open) return;
    // Latin letters may be pinyin (jsgl): the Enter waits for the dictionary to rank them.
    if (!index.withPinyin && /[a-z]/i.test(text)) return;
    usePalette.getState().setPendingEnter(false);
    const trimmed = text.trim();
    if (!pageArg && NUMBER.test(trimmed) && searchable(text) && people.for !== trimmed) {
      setEnterFor(trimmed);
      return;
    }
    // The user never saw a highlight move: the best match is what the Enter meant.
    groups[0]?.rows[0]?.onSelect();
    // It came to nothing (the palette still open): the keys after it go on.
    if (usePalette.getState().open) usePalette.getState().releaseKeysForEnter();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- acts once per kept Enter
  }, [pendingEnter, inputReady, open, index.withPinyin]);

  // Opened on an empty query the list holds every menu and action (hundreds of rows): the first
  // frame draws what fits the window, the rest follows a frame later, so opening stays quick.
  const [complete, setComplete] = useState(false);
  useEffect(() => {
    if (!open) {
      setComplete(false);
      return;
    }
    const frame = window.requestAnimationFrame(() => window.setTimeout(() => setComplete(true), 0));
    return () => window.cancelAnimationFrame(frame);
  }, [open]);
  const shownGroups = useMemo(() => {
    if (complete) return groups;
    let budget = FIRST_FRAME_ROWS;
    const out: Group[] = [];
    for (const group of groups) {
      if (budget <= 0) break;
      out.push({ ...group, rows: group.rows.slice(0, budget) });
      budget -= group.rows.length;
    }
    return out;
  }, [groups, complete]);

  /** The person a typed argument names, once the search for it is back: their name, or why none. */
  function personOf(typed: string, refuse?: InlineArg['refuse']): { name?: string; error?: string } {
    if (personFound.for !== typed) return {};
    const exact = personFound.hits.filter((hit) => hit.memberNo === typed || hit.cardNo === typed || hit.realName === typed);
    const one = exact.length === 1 ? exact[0] : exact.length === 0 && personFound.hits.length === 1 ? personFound.hits[0] : undefined;
    // Found, but the command cannot apply to them now (柜台消费 on a lost card): said before any typing.
    const refusal = one && refuse?.(one, (dict, value) => dicts[dict]?.find((item) => item.value === value)?.text);
    if (one) return { name: `${one.realName}（${one.memberNo}）`, ...(refusal ? { error: refusal[locale] } : {}) };
    return { error: personFound.hits.length ? t('palette.personSeveral') : t('palette.personNone') };
  }

  /** The command with its typed arguments: each recognised and highlighted, or why not; Enter runs it through its link. */
  function inlineRow(match: InlineMatch): PaletteRow {
    const args: PaletteArg[] = [
      ...match.typed.map((typed): PaletteArg => {
        const label = typed.arg.title[locale];
        if (typed.error) return { label, shown: typed.text, error: typed.error[locale] };
        if (typed.arg.kind === 'person') {
          const person = personOf(typed.text, typed.arg.refuse);
          return { label, shown: person.name ?? typed.text, error: person.error };
        }
        if (typed.arg.kind === 'amount') return { label, shown: `¥${Number(typed.value).toFixed(2)}` };
        if (typed.arg.kind === 'choice') return { label, shown: typed.arg.options?.find((option) => option.value === typed.value)?.title[locale] ?? typed.text };
        return { label, shown: typed.value ?? typed.text };
      }),
      ...match.missing.map((arg): PaletteArg => ({ label: arg.title[locale], shown: t('palette.argMissing'), missing: true })),
      ...(match.extra.length ? [{ label: t('palette.argExtra'), shown: match.extra.join(' '), error: t('palette.argExtraReason') }] : []),
    ];
    const command = match.command;
    return {
      id: `inline:${command.id}`,
      title: command.title[locale],
      subtitle: t('palette.argHint'),
      icon: command.icon,
      kind: 'command',
      args,
      onSelect: () => {
        if (!match.ready || args.some((arg) => arg.error)) return;
        recordUse(`cmd:${command.id}`);
        navigate(deepLinkOf(command.id, linkArgs(match)));
        close();
      },
    };
  }

  /** Tab and Shift+Tab move between the typed arguments (selected, so typing replaces one). */
  function moveBetweenArgs(event: KeyboardEvent<HTMLDivElement>, match: InlineMatch) {
    const input = event.target as HTMLInputElement;
    if (!(input instanceof HTMLInputElement)) return;
    const backwards = event.shiftKey;
    const caret = backwards ? (input.selectionStart ?? 0) : (input.selectionEnd ?? 0);
    const range = nextArgRange(match, caret, backwards) ?? (backwards ? match.typed.at(-1) : match.typed[0]);
    event.preventDefault();
    if (range) input.setSelectionRange(range.start, range.end);
  }

  /** The person's class, card and balance, in one line under their name. */
  function personLine(hit: PersonHit): string {
    const status = hit.cardStatus ? (dicts.card_status?.find((item) => item.value === hit.cardStatus)?.text ?? '') : '';
    const card = hit.cardNo ? `${hit.cardNo} ${status}` : t('palette.noCard');
    return [hit.dept, card, hit.cash === null ? null : `¥${hit.cash.toFixed(2)}`].filter(Boolean).join(' · ');
  }

  /** A person opens on their account (where recharge and loss report are a key away), else their card is issued. */
  function choosePerson(hit: PersonHit) {
    setEnterFor(null);
    navigate(personPath(hit));
    close();
  }

  // The scanned number's people have arrived: its Enter opens the first.
  useEffect(() => {
    if (enterFor === null || people.for !== enterFor) return;
    const first = people.hits[0];
    if (first) choosePerson(first);
    else {
      setEnterFor(null);
      usePalette.getState().releaseKeysForEnter();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- acts once per arrival
  }, [people, enterFor]);

  /** Closes first, then acts, so focus and the dialog are settled before the command runs. */
  function closeThen(action: () => void) {
    // The keys after the Enter are for what the action opens, not for the page the focus returns to.
    const release = holdForCommand();
    close();
    window.setTimeout(() => {
      action();
      release();
    }, 0);
  }

  function chooseEntry(entry: PaletteEntry) {
    if (entry.kind === 'locked') return;
    recordUse(entry.id);
    // Going to a page happens at once, in this keypress: a tab key pressed right after it acts
    // on the page chosen, not on the one being left.
    if (entry.tabPath) {
      navigate(entry.tabPath);
      close();
      return;
    }
    if (entry.menu) {
      const menu = entry.menu;
      if (opensInNewWindow(menu) || menu.meta.url) closeThen(() => window.open(menu.meta.url, '_blank', 'noopener'));
      else {
        navigate(menu.path);
        close();
      }
      return;
    }
    const command = entry.command!;
    if (entry.elsewhere) {
      // Its screen first, then the command, as its deep link does.
      navigate(deepLinkOf(command.id));
      close();
      return;
    }
    const firstArg = command.args?.[0];
    if (firstArg) {
      pushPage({ commandId: command.id, argName: firstArg.name, args: {} });
      return;
    }
    closeThen(() => void run(command));
  }

  function chooseArg(value: string) {
    if (!page || !pageCommand) return;
    const args = { ...page.args, [page.argName]: value };
    const next = pageCommand.args?.find((arg) => !args[arg.name]);
    if (next) {
      pushPage({ commandId: pageCommand.id, argName: next.name, args });
      return;
    }
    closeThen(() => void run(pageCommand, args));
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // The Enter that confirms a Chinese candidate must not run the highlighted item.
    if (isComposing(event.nativeEvent)) return;
    if (movesHighlight(event)) moved.current = true;
    if (event.key === 'Tab' && inline) {
      moveBetweenArgs(event, inline);
      return;
    }
    if (event.key === 'Enter' && !pageArg && NUMBER.test(text.trim()) && searchable(text) && people.for !== text.trim()) {
      event.preventDefault();
      usePalette.getState().holdKeysForEnter();
      setEnterFor(text.trim());
      return;
    }
    if (event.key === 'Enter' && !index.withPinyin && /[a-z]/i.test(text)) {
      // Typed before the pinyin dictionary arrived: the Enter is kept until it has.
      event.preventDefault();
      usePalette.getState().setPendingEnter(true);
      return;
    }
    if (event.key === 'Backspace' && query === '' && pages.length) {
      event.preventDefault();
      popPage();
      return;
    }
    if (event.key.toLowerCase() === 'c' && (event.ctrlKey || event.metaKey) && !window.getSelection()?.toString()) {
      const row = groups.flatMap((g) => g.rows).find((r) => r.id === selected);
      const entry = row && [...index.menus, ...index.commands, ...index.locked, ...index.tabs].find((e) => e.id === row.id.replace(/^recent:/, ''));
      if (entry) {
        event.preventDefault();
        void app.copyText(entry.menu?.meta.url ?? `${app.origin}${entry.deepLink}`);
      }
    }
  }

  const placeholder = pageArg ? `${t('palette.argPlaceholder')}${pageArg.title[locale]}` : scope === 'menus' ? t('palette.menuPlaceholder') : t('palette.placeholder');

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/35" />
        <Dialog.Content
          className="fixed top-[12vh] left-1/2 z-50 w-[640px] max-w-[calc(100vw-24px)] -translate-x-1/2 overflow-hidden rounded-lg bg-surface shadow-2xl outline-none"
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            // Radix would focus the input with its text selected: a key the buffer kept before the
            // palette could show (a card reader's first digits) would then be typed over. The caret
            // goes after what was kept instead.
            event.preventDefault();
            const input = inputRef.current;
            if (!input) return;
            input.focus();
            input.setSelectionRange(input.value.length, input.value.length);
          }}
          onCloseAutoFocus={(event) => {
            // Back to where the user was; a page the command opens, or its dialog, takes it from there.
            event.preventDefault();
            restoreFocus();
          }}
          data-palette
          onEscapeKeyDown={(event) => {
            // Esc leaves a nested page first, then closes.
            if (popPage()) event.preventDefault();
          }}
          data-testid="palette"
        >
          <Dialog.Title className="sr-only">{t('palette.title')}</Dialog.Title>
          <Command label={t('palette.title')} shouldFilter={false} loop value={selected} onValueChange={setSelected} onKeyDown={onKeyDown}>
            <div className="flex items-center gap-2 border-b border-border px-3">
              {pageCommand ? (
                <button
                  type="button"
                  onClick={() => popPage()}
                  className="flex shrink-0 items-center gap-1 rounded bg-primary-soft px-2 py-0.5 text-sm text-primary-strong"
                  aria-label={t('palette.back')}
                >
                  <ChevronLeft className="size-3.5" aria-hidden />
                  {pageCommand.title[locale]}
                </button>
              ) : null}
              <Command.Input
                ref={inputRef}
                value={query}
                onValueChange={setQuery}
                // Keys typed before this moment were kept by the key buffer; from here they come here.
                onFocus={() => usePalette.getState().setInputReady(true)}
                placeholder={placeholder}
                className="h-12 min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-black/35 focus-visible:outline-none"
              />
            </div>
            <Command.List
              ref={(list) => {
                // cmdk wraps the options in a sizing div: it is layout, not a listbox child.
                list?.querySelector('[cmdk-list-sizer]')?.setAttribute('role', 'presentation');
              }}
              className="max-h-[min(420px,60vh)] overflow-y-auto overscroll-contain p-2"
              // cmdk highlights the row under a moving pointer: the user chose it.
              onPointerMove={() => (moved.current = true)}
            >
              <Command.Empty className="py-10 text-center text-text-muted">{t('palette.empty')}</Command.Empty>
              {shownGroups.map((group) => (
                <Command.Group
                  key={group.heading}
                  heading={group.heading}
                  className="mb-1 [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:text-text-muted"
                >
                  {group.rows.map((row) => (
                    <PaletteItem key={row.id} row={row} />
                  ))}
                </Command.Group>
              ))}
            </Command.List>
            <footer className="flex flex-wrap items-center gap-x-4 gap-y-1 border-t border-border bg-canvas/60 px-3 py-2 text-xs text-text-muted">
              <span>{t('palette.hintSelect')}</span>
              <span>{t('palette.hintRun')}</span>
              <span>{t('palette.hintBack')}</span>
              <span>Ctrl+C {t('palette.hintCopy')}</span>
              {scope === 'all' && index.locked.length ? (
                <label className={cn('ml-auto flex cursor-pointer items-center gap-1', showLocked && 'text-primary-strong')}>
                  <input type="checkbox" checked={showLocked} onChange={toggleLocked} className="accent-[var(--color-primary)]" />
                  <Lock className="size-3" aria-hidden />
                  {t('palette.showLocked')}
                </label>
              ) : null}
            </footer>
          </Command>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The keys with which cmdk moves its highlight (its arrows, Home/End and the Ctrl+N/P/J/K bindings). */
function movesHighlight(event: KeyboardEvent<HTMLDivElement>): boolean {
  if (['ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown'].includes(event.key)) return true;
  return event.ctrlKey && ['n', 'p', 'j', 'k'].includes(event.key.toLowerCase());
}
