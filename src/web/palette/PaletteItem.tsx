import { Command } from 'cmdk';
import { formatHotkey } from '@web/hotkeys/keys';
import { useT } from '@web/i18n';
import { isMac } from '@web/lib/browser';
import { cn } from '@web/lib/cn';
import { MenuIcon } from '@web/menu/menuIcons';

/** What one palette row shows. */
export interface PaletteRow {
  id: string;
  title: string;
  subtitle?: string;
  icon?: string | undefined;
  hotkeys?: readonly string[];
  kind?: 'menu' | 'command' | 'locked' | 'tab' | 'person';
  /** Permission code a locked command needs. */
  requires?: string | undefined;
  /** Why a locked command does not apply to the selected rows (shown instead of the code). */
  reason?: string | undefined;
  /** A command's typed arguments (充值 20230001 50): each recognised, or why not. */
  args?: readonly PaletteArg[];
  onSelect(): void;
}

/** One typed argument as the palette shows it. */
export interface PaletteArg {
  label: string;
  /** What it was read as (the person's name, ¥50.00); the text typed when not yet known. */
  shown: string;
  error?: string | undefined;
  /** Not typed yet. */
  missing?: boolean;
}

export function PaletteItem({ row }: { row: PaletteRow }) {
  const t = useT();
  const locked = row.kind === 'locked';
  const hotkey = row.hotkeys?.[0];
  return (
    <Command.Item
      value={row.id}
      disabled={locked}
      onSelect={row.onSelect}
      data-entry-kind={row.kind}
      className={cn(
        'flex cursor-pointer items-center gap-3 rounded px-2 py-2 text-sm',
        'data-[selected=true]:bg-primary-soft data-[selected=true]:text-primary-strong data-[selected=true]:outline data-[selected=true]:outline-1 data-[selected=true]:outline-primary/40',
        locked && 'cursor-not-allowed opacity-50',
      )}
    >
      {row.kind ? <MenuIcon name={row.icon} className="size-4 shrink-0 text-text-muted" /> : null}
      <span className="min-w-0 flex-1 truncate">
        <span className="text-text">{row.title}</span>
        {row.subtitle ? <span className="ml-2 text-xs text-text-muted">{row.subtitle}</span> : null}
        {row.args ? (
          <span className="mt-1 flex flex-wrap gap-1.5" data-testid="palette-args">
            {row.args.map((arg) => (
              <span
                key={arg.label}
                data-arg-state={arg.error ? 'error' : arg.missing ? 'missing' : 'ok'}
                className={cn(
                  'rounded border px-1.5 py-0.5 text-xs',
                  arg.error ? 'border-danger/40 bg-danger/5 text-danger' : arg.missing ? 'border-dashed border-border text-text-muted' : 'border-primary/30 bg-primary-soft text-primary-strong',
                )}
              >
                <span className="opacity-70">{arg.label}：</span>
                {arg.error ? `${arg.shown ? `${arg.shown} · ` : ''}${arg.error}` : arg.shown}
              </span>
            ))}
          </span>
        ) : null}
      </span>
      {locked && row.reason ? <span className="min-w-0 shrink truncate text-xs text-text-muted">{row.reason}</span> : null}
      {locked && row.requires && !row.reason ? (
        <span className="shrink-0 font-mono text-xs text-text-muted">
          {t('palette.requires')}
          {row.requires}
        </span>
      ) : null}
      {hotkey && !locked ? <kbd className="shrink-0 rounded border border-border bg-canvas px-1.5 py-0.5 font-sans text-xs text-text-muted">{formatHotkey(hotkey, isMac())}</kbd> : null}
    </Command.Item>
  );
}
