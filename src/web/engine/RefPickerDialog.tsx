import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Search } from 'lucide-react';
import { pickFields } from '@shared/engine/derive';
import type { FieldSpec } from '@shared/engine/spec';
import { entityById } from '@shared/entities';
import type { PageResult } from '@shared/envelope';
import { entityApi, type EntityRecord } from '@web/api/entities';
import { Button } from '@web/components/ui/Button';
import { DialogHeader } from '@web/components/ui/DialogHeader';
import { Input } from '@web/components/ui/Input';
import { useDialogs } from '@web/stores/dialogs';
import { useLocale, useT } from '@web/i18n';
import { cn } from '@web/lib/cn';

/** What a picker answers: the chosen record's id and label. */
export interface PickedRecord {
  value: string;
  text: string;
}

const PAGE_SIZE = 10;
/** Typing settles before the search goes out (a card reader types a whole number at once). */
const SEARCH_DELAY_MS = 200;

/** A record's cell as the list shows it: dictionary and reference texts, money in yuan. */
function cellOf(record: EntityRecord, field: FieldSpec): string {
  if (field.type === 'dict' || field.type === 'ref') return String(record[`${field.key}_dictText`] ?? '');
  const value = record[field.key];
  if (value === null || value === undefined) return '';
  return field.type === 'money' && typeof value === 'number' ? value.toFixed(2) : String(value);
}

/**
 * Picks one record of another entity (a member for an allow-list entry, a card for a search):
 * one search box over the entity's text fields, the results with what tells them apart, the
 * arrows to move, Enter or a double click to choose. Opened on the dialog stack above a form or a
 * list, it resolves with the chosen record (nothing when cancelled).
 */
export default function RefPickerDialog({ entity }: { entity?: string | undefined }) {
  const spec = entity ? entityById(entity) : undefined;
  const t = useT();
  const locale = useLocale((state) => state.locale);
  const close = useDialogs((state) => state.close);
  const listId = useId();
  const [keyword, setKeyword] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [page, setPage] = useState<PageResult<EntityRecord> | null>(null);
  const [active, setActive] = useState(0);
  const search = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!spec) return;
    let live = true;
    const timer = window.setTimeout(() => {
      void entityApi.pick(spec, { keyword: keyword.trim(), pageNo, pageSize: PAGE_SIZE }).then((answer) => {
        if (!live) return;
        setPage(answer);
        setActive(0);
      });
    }, SEARCH_DELAY_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [spec, keyword, pageNo]);

  // The highlighted record stays in view as the arrows move it.
  useEffect(() => {
    const id = page?.records[active]?.id;
    if (id) document.getElementById(`${listId}-${id}`)?.scrollIntoView({ block: 'nearest' });
  }, [page, active, listId]);

  if (!spec) return null;
  const fields = pickFields(spec);
  // Restricted fields are searched only for those who may see them: the hint names the others.
  const searched = spec.fields.filter((field) => field.query === 'like' && !field.restricted).map((field) => field.title[locale]);
  const records = page?.records ?? [];
  const pages = Math.max(1, page?.pages ?? 1);
  const choose = (record: EntityRecord | undefined) => {
    if (record) close({ value: record.id, text: String(record[spec.labelField] ?? '') } satisfies PickedRecord);
  };
  const turn = (to: number) => setPageNo(Math.min(Math.max(1, to), pages));

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // IME composition keeps its keys (Enter confirms the characters, not the pick).
    if (event.nativeEvent.isComposing) return;
    const moves: Record<string, () => void> = {
      ArrowDown: () => setActive((index) => Math.min(index + 1, records.length - 1)),
      ArrowUp: () => setActive((index) => Math.max(index - 1, 0)),
      PageDown: () => turn(pageNo + 1),
      PageUp: () => turn(pageNo - 1),
      Enter: () => choose(records[active]),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  }

  const title = t('picker.title', { title: spec.title[locale] });
  const columns = `repeat(${fields.length}, minmax(0, 1fr))`;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/30" />
        <Dialog.Content
          className="fixed top-[12vh] left-1/2 z-[60] flex max-h-[76vh] w-[720px] max-w-[calc(100vw-24px)] -translate-x-1/2 flex-col rounded-md bg-surface shadow-2xl"
          data-testid="ref-picker"
          aria-describedby={undefined}
          // The search box, not the close button, takes the keys first.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            search.current?.focus();
          }}
        >
          <div className="border-b border-border px-6 py-4">
            <DialogHeader title={title} />
          </div>
          <div className="flex min-h-0 flex-col gap-3 px-6 py-4">
            <Input
              ref={search}
              role="combobox"
              aria-label={title}
              aria-expanded
              aria-controls={listId}
              aria-activedescendant={records[active] ? `${listId}-${records[active].id}` : undefined}
              className="h-9"
              prefixIcon={<Search className="size-4" aria-hidden />}
              placeholder={t('picker.search', { fields: searched.join(locale === 'en' ? ', ' : '、') })}
              value={keyword}
              onChange={(event) => {
                setKeyword(event.target.value);
                setPageNo(1);
              }}
              onKeyDown={onKeyDown}
            />
            <p className="-mt-1 text-xs text-text-muted">{t('picker.hint')}</p>
            {/* Scrollable by keyboard too (the arrows in the search box move the choice, not the view). */}
            <div className="min-h-0 overflow-y-auto rounded border border-border" tabIndex={0} role="group" aria-label={t('picker.results')}>
              <div className="grid bg-[#fafafa] px-3 py-2 text-[13px] font-medium text-text" style={{ gridTemplateColumns: columns }} aria-hidden>
                {fields.map((field) => (
                  <span key={field.key} className="truncate">
                    {field.title[locale]}
                  </span>
                ))}
              </div>
              <ul id={listId} role="listbox" aria-label={t('picker.results')} className="text-sm">
                {records.map((record, index) => (
                  <li
                    key={record.id}
                    id={`${listId}-${record.id}`}
                    role="option"
                    aria-selected={index === active}
                    className={cn('grid cursor-pointer border-t border-border px-3 py-2', index === active ? 'bg-primary-soft text-primary-strong' : 'hover:bg-black/[0.02]')}
                    style={{ gridTemplateColumns: columns }}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => setActive(index)}
                    onDoubleClick={() => choose(record)}
                  >
                    {fields.map((field) => (
                      <span key={field.key} className="truncate">
                        {cellOf(record, field)}
                      </span>
                    ))}
                  </li>
                ))}
              </ul>
              {page && records.length === 0 ? <p className="border-t border-border px-3 py-6 text-center text-sm text-text-muted">{t('picker.empty')}</p> : null}
            </div>
          </div>
          <div className="flex items-center justify-between gap-2 border-t border-border px-6 py-3 text-[13px] text-text-muted">
            <span aria-live="polite">{page ? t('picker.page', { total: page.total, current: pageNo, pages }) : t('common.loading')}</span>
            <span className="flex gap-2">
              <Button onClick={() => turn(pageNo - 1)} disabled={pageNo <= 1}>
                {t('pager.previous')}
              </Button>
              <Button onClick={() => turn(pageNo + 1)} disabled={pageNo >= pages}>
                {t('pager.next')}
              </Button>
              <Button onClick={() => close()}>{t('common.cancel')}</Button>
              <Button variant="primary" disabled={!records[active]} onClick={() => choose(records[active])} data-testid="ref-picker-ok">
                {t('common.ok')}
              </Button>
            </span>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
