import { useState, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Check } from 'lucide-react';
import { DialogHeader } from '@web/components/ui/DialogHeader';
import { useRunCommand } from '@web/components/commandPort';
import { Button } from '@web/components/ui/Button';
import { Switch } from '@web/components/ui/Switch';
import { Select } from '@web/components/ui/Select';
import { useLocale, useT } from '@web/i18n';
import { cn } from '@web/lib/cn';
import { COLOR_PRESETS } from '@shared/settings';
import { useSettings } from './store';

/** The settings drawer: every choice runs the same command as the palette and deep links. */
export function SettingsDrawer() {
  const t = useT();
  const locale = useLocale((state) => state.locale);
  const open = useSettings((state) => state.drawerOpen);
  const setOpen = useSettings((state) => state.setDrawerOpen);
  const settings = useSettings((state) => state.settings);
  const run = useRunCommand();
  const [custom, setCustom] = useState('');
  const toggle = (id: string) => (on: boolean) => void run(id, { on: String(on) });

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/30" />
        <Dialog.Content
          className="fixed inset-y-0 right-0 z-50 flex w-[320px] max-w-full flex-col overflow-y-auto bg-surface p-6 shadow-2xl outline-none"
          data-testid="settings-drawer"
          aria-describedby={undefined}
        >
          <DialogHeader title={t('settings.title')} />

          <Section title={t('settings.menuTheme')}>
            <div className="flex gap-3" role="radiogroup" aria-label={t('settings.menuTheme')}>
              {(['dark', 'light'] as const).map((theme) => (
                <Choice
                  key={theme}
                  selected={settings.navTheme === theme}
                  label={t(theme === 'dark' ? 'settings.dark' : 'settings.light')}
                  onSelect={() => void run('appearance.menuTheme', { theme })}
                >
                  <span
                    className={cn(
                      'block h-9 w-12 rounded border border-border',
                      theme === 'dark' ? 'bg-[linear-gradient(90deg,#001529_35%,#f0f2f5_35%)]' : 'bg-[linear-gradient(90deg,#fff_35%,#f0f2f5_35%)]',
                    )}
                  />
                </Choice>
              ))}
            </div>
          </Section>

          <Section title={t('settings.themeColor')}>
            <div className="flex flex-wrap gap-2" role="radiogroup" aria-label={t('settings.themeColor')}>
              {COLOR_PRESETS.map((preset) => {
                const selected = settings.primaryColor.toLowerCase() === preset.color.toLowerCase();
                return (
                  <button
                    key={preset.color}
                    type="button"
                    role="radio"
                    aria-checked={selected}
                    aria-label={`${locale === 'en' ? preset.en : preset.zh} ${preset.color}`}
                    title={locale === 'en' ? preset.en : preset.zh}
                    onClick={() => void run('appearance.themeColor', { color: preset.color })}
                    className="flex size-6 items-center justify-center rounded"
                    style={{ background: preset.color }}
                  >
                    {selected ? <Check className="size-4 text-white" aria-hidden /> : null}
                  </button>
                );
              })}
            </div>
            <form
              className="mt-3 flex gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                void run('appearance.themeColor', { color: custom.trim() });
              }}
            >
              <input
                value={custom}
                onChange={(event) => setCustom(event.target.value)}
                placeholder="#1890FF"
                aria-label={t('settings.customColor')}
                className="h-8 min-w-0 flex-1 rounded border border-[#d9d9d9] px-2 text-sm outline-none focus:border-primary"
              />
              <Button type="submit" size="md">
                {t('common.ok')}
              </Button>
            </form>
          </Section>

          <Section title={t('settings.navMode')}>
            <div className="flex gap-3" role="radiogroup" aria-label={t('settings.navMode')}>
              {(['sidemenu', 'topmenu'] as const).map((layout) => (
                <Choice
                  key={layout}
                  selected={settings.layout === layout}
                  label={t(layout === 'sidemenu' ? 'settings.sidemenu' : 'settings.topmenu')}
                  onSelect={() => void run('appearance.layout', { layout })}
                >
                  <span
                    className={cn(
                      'block h-9 w-12 rounded border border-border',
                      layout === 'sidemenu' ? 'bg-[linear-gradient(90deg,#001529_30%,#f0f2f5_30%)]' : 'bg-[linear-gradient(180deg,#001529_28%,#f0f2f5_28%)]',
                    )}
                  />
                </Choice>
              ))}
            </div>
            <Row label={t('settings.contentWidth')}>
              <Select
                aria-label={t('settings.contentWidth')}
                value={settings.contentWidth}
                onChange={(width) => void run('appearance.contentWidth', { width })}
                options={[
                  { value: 'Fixed', text: t('settings.fixed') },
                  { value: 'Fluid', text: t('settings.fluid') },
                ]}
              />
            </Row>
            <Row label={t('settings.fixedHeader')}>
              <Switch label={t('settings.fixedHeader')} checked={settings.fixedHeader} onChange={toggle('appearance.fixedHeader')} />
            </Row>
            <Row label={t('settings.autoHideHeader')} hint={settings.fixedHeader ? undefined : t('settings.onlyFixedHeader')}>
              <Switch label={t('settings.autoHideHeader')} checked={settings.autoHideHeader} disabled={!settings.fixedHeader} onChange={toggle('appearance.autoHideHeader')} />
            </Row>
            <Row label={t('settings.fixSiderbar')} hint={settings.layout === 'topmenu' ? t('settings.onlySidemenu') : undefined}>
              <Switch label={t('settings.fixSiderbar')} checked={settings.fixSiderbar} disabled={settings.layout === 'topmenu'} onChange={toggle('appearance.fixSiderbar')} />
            </Row>
          </Section>

          <Section title={t('settings.other')}>
            <Row label={t('settings.colorWeak')}>
              <Switch label={t('settings.colorWeak')} checked={settings.colorWeak} onChange={toggle('appearance.colorWeak')} />
            </Row>
            <Row label={t('settings.multipage')}>
              <Switch label={t('settings.multipage')} checked={settings.multipage} onChange={toggle('appearance.multipage')} />
            </Row>
          </Section>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-6" aria-label={title}>
      <h3 className="mb-3 text-sm font-medium text-text">{title}</h3>
      {children}
    </section>
  );
}

function Row({ label, hint, children }: { label: string; hint?: string | undefined; children: ReactNode }) {
  return (
    <div className="mt-3 flex items-center justify-between gap-3 text-sm">
      <span className={cn(hint && 'text-text-muted')} title={hint}>
        {label}
      </span>
      {children}
    </div>
  );
}

function Choice({ selected, label, onSelect, children }: { selected: boolean; label: string; onSelect(): void; children: ReactNode }) {
  return (
    <button type="button" role="radio" aria-checked={selected} aria-label={label} title={label} onClick={onSelect} className="relative flex flex-col items-center gap-1 text-xs">
      {children}
      <span className={cn(selected ? 'text-primary-strong' : 'text-text-muted')}>{label}</span>
      {selected ? <Check className="absolute top-2 right-1 size-3.5 text-primary-strong" aria-hidden /> : null}
    </button>
  );
}
