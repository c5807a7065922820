import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { toast } from '@web/lib/toast';
import { create } from 'zustand';
import { systemApi, type DepartNode } from '@web/api/system';
import { Button } from '@web/components/ui/Button';
import { DialogHeader } from '@web/components/ui/DialogHeader';
import { Input } from '@web/components/ui/Input';
import { useT } from '@web/i18n';

type Picked = readonly Record<string, unknown>[] | null;
const usePicker = create<{ resolve: ((picked: Picked) => void) | null }>()(() => ({ resolve: null }));

/**
 * The demo's popup picker (a picker function, until the report picker dialog exists): choose one
 * department; resolves `[{ departName, orgCode }]`, or null when cancelled.
 */
export function pickDepartment(): Promise<Picked> {
  return new Promise((resolve) => {
    usePicker.getState().resolve?.(null);
    usePicker.setState({ resolve });
  });
}

function finish(picked: Picked) {
  const { resolve } = usePicker.getState();
  usePicker.setState({ resolve: null });
  resolve?.(picked);
}

const flatten = (nodes: readonly DepartNode[], depth = 0): { node: DepartNode; depth: number }[] =>
  nodes.flatMap((node) => [{ node, depth }, ...flatten((node.children ?? []) as DepartNode[], depth + 1)]);

/** Mounted by the table-editing screen: the open picker, if any. */
export function DepartPickerHost() {
  const t = useT();
  const open = usePicker((state) => state.resolve !== null);
  const [departs, setDeparts] = useState<DepartNode[]>([]);
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setKeyword('');
    setChosen(null);
    void systemApi.departTree().then(setDeparts, () => setDeparts([]));
  }, [open]);
  const rows = useMemo(() => flatten(departs).filter(({ node }) => !keyword.trim() || node.departName.includes(keyword.trim())), [departs, keyword]);

  const confirm = () => {
    const picked = rows.find(({ node }) => node.id === chosen)?.node;
    if (!picked) {
      toast.warning(t('departPicker.chooseOne'));
      return;
    }
    finish([{ departName: picked.departName, orgCode: picked.orgCode }]);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const at = rows.findIndex(({ node }) => node.id === chosen);
    const next = rows[Math.max(0, Math.min(rows.length - 1, at + (event.key === 'ArrowDown' ? 1 : -1)))];
    if (next) setChosen(next.node.id);
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && finish(null)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/45" />
        <Dialog.Content
          className="fixed top-[12vh] left-1/2 z-50 flex max-h-[76vh] w-[520px] max-w-[calc(100vw-24px)] -translate-x-1/2 flex-col gap-3 rounded-md bg-surface p-5 shadow-2xl"
          data-testid="depart-picker"
          aria-describedby={undefined}
          onKeyDown={onKeyDown}
        >
          <DialogHeader title={t('departPicker.title')} />
          <Input
            autoFocus
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
                event.preventDefault();
                confirm();
              }
            }}
            placeholder={t('departPicker.filterPlaceholder')}
            aria-label={t('departPicker.filter')}
          />
          <p className="text-xs text-text-muted">{t('departPicker.selected', { count: chosen ? 1 : 0 })}</p>
          <ul role="listbox" aria-label={t('departPicker.list')} className="min-h-0 flex-1 overflow-y-auto rounded border border-border text-sm">
            {rows.map(({ node, depth }) => (
              <li
                key={node.id}
                role="option"
                aria-selected={node.id === chosen}
                onClick={() => setChosen(node.id === chosen ? null : node.id)}
                onDoubleClick={() => finish([{ departName: node.departName, orgCode: node.orgCode }])}
                className="cursor-pointer px-3 py-1.5 hover:bg-primary-soft aria-selected:bg-primary-soft aria-selected:text-primary-strong"
                style={{ paddingLeft: 12 + depth * 16 }}
              >
                {node.departName}
                <span className="ml-2 text-xs text-text-muted">{node.orgCode}</span>
              </li>
            ))}
          </ul>
          <div className="flex justify-end gap-2">
            <Button onClick={() => finish(null)}>{t('common.close')}</Button>
            <Button variant="primary" onClick={confirm} data-testid="depart-picker-ok">
              {t('common.ok')}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
