import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { EntitySpec } from '@shared/engine/spec';
import { entityApi, type EntityRecord } from '@web/api/entities';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import type { RowAction } from '@web/engine/RowActions';
import { useDataVersion, useListVersion } from '@web/stores/dataVersion';

/** How often a batch being run is read again for its progress. */
const PROGRESS_EVERY_MS = 1500;

export interface BatchProgress {
  done: number;
  total: number;
  failed: number;
  label: string;
}

/**
 * A batch screen (补助管理, 毕业管理): the batches above, the chosen batch's people below, and while
 * the batch runs in the background its progress — read again every moment until it stops, then
 * every list of the batch reloads.
 */
export function BatchScreen(props: {
  testId: string;
  batch: EntitySpec;
  lines: EntitySpec;
  /** The lines' field naming their batch. */
  batchKey: string;
  toolbar?: ReactNode;
  /** The batches' own row actions beside their flow's (a door's 生成密钥). */
  rowActions?: readonly RowAction[];
  running: (batch: EntityRecord) => boolean;
  /** The progress to show for a batch (none: not started). */
  progress: (batch: EntityRecord) => BatchProgress | null;
  texts: { section: string; chosen: (batch: EntityRecord) => string; choose: string; progress: string; failed: (failed: number) => string };
}) {
  const { batch, lines, batchKey, running, progress, texts } = props;
  const [chosen, setChosen] = useState<EntityRecord | null>(null);
  const [live, setLive] = useState<EntityRecord | null>(null);
  const version = useListVersion(batch.id);
  const fixed = useMemo(() => (chosen ? { [batchKey]: chosen.id } : undefined), [chosen, batchKey]);
  // The batch whose finished run the lists were told of: told once. The bump restarts the reading
  // below, and the chosen record stays the running one until the batches' list has reloaded — on
  // a slow machine that reload is superseded by the next bump, and a loop never let the lists show.
  const told = useRef<string | null>(null);
  useEffect(() => setLive(chosen), [chosen]);
  // The chosen batch as it is now (its progress), again while it runs.
  useEffect(() => {
    if (!chosen) return;
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      const now = await entityApi.get(batch, chosen.id).catch(() => null);
      if (!alive || !now) return;
      setLive(now);
      if (running(now)) {
        told.current = null;
        timer = setTimeout(() => void read(), PROGRESS_EVERY_MS);
      } else if (running(chosen) && told.current !== now.id) {
        told.current = now.id;
        useDataVersion.getState().bump(batch.id);
        useDataVersion.getState().bump(lines.id);
      }
    };
    void read();
    return () => {
      alive = false;
      if (timer) clearTimeout(timer);
    };
    // `running` is a pure test of the record: a new function each render must not restart the reading.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chosen, version, batch, lines]);
  const shown = live ? progress(live) : null;
  return (
    <div className="flex flex-col gap-4" data-testid={props.testId}>
      <EntityListScreen
        spec={batch}
        selection="radio"
        onSelectionChange={(rows) => setChosen(rows[0] ?? null)}
        toolbar={props.toolbar}
        {...(props.rowActions ? { rowActions: props.rowActions } : {})}
      />
      <section aria-label={texts.section} className="flex flex-col gap-2">
        <h2 className="flex items-center gap-3 px-1 text-base font-medium text-text" data-testid="batch-chosen">
          {live ? texts.chosen(live) : texts.choose}
          {shown ? (
            <span className="flex items-center gap-2 text-sm font-normal text-text-muted" data-testid="batch-progress">
              <span className="h-2 w-40 overflow-hidden rounded bg-canvas" role="progressbar" aria-valuemin={0} aria-valuemax={shown.total} aria-valuenow={shown.done} aria-label={texts.progress}>
                <span className="block h-full bg-primary" style={{ width: `${shown.total ? Math.round((shown.done / shown.total) * 100) : 0}%` }} />
              </span>
              {shown.label}
              {shown.failed ? <span className="text-danger">{texts.failed(shown.failed)}</span> : null}
            </span>
          ) : null}
        </h2>
        {fixed ? <EntityListScreen key={String(fixed[batchKey])} spec={lines} fixed={fixed} selectionScope={lines.id} height={360} /> : null}
      </section>
    </div>
  );
}
