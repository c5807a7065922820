import { useEffect, useState } from 'react';
import { entityById } from '@shared/entities';
import { entityApi, type RecordHistoryEntry } from '@web/api/entities';
import { FormDialog } from '@web/dialogs/FormDialog';
import { fill, useT } from '@web/i18n';

const shown = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));

/**
 * 操作历史 of one record: every action and edit, newest first — who, when, the states it moved
 * between, what was given, and each edited field before → after; a money record's ledger postings
 * among them, with their amounts and numbers.
 */
export default function RecordHistoryDialog({ entity, id }: { entity?: string | undefined; id?: string | undefined }) {
  const t = useT();
  const spec = entity ? entityById(entity) : undefined;
  const [entries, setEntries] = useState<RecordHistoryEntry[] | null>(null);
  const [label, setLabel] = useState('');
  useEffect(() => {
    if (!spec || !id) return;
    let live = true;
    void entityApi.history(spec, id).then(
      (found) => live && setEntries(found),
      () => live && setEntries([]),
    );
    void entityApi.get(spec, id).then(
      (record) => live && setLabel(String(record[spec.labelField] ?? '')),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [spec, id]);
  if (!spec || !id) return null;
  return (
    <FormDialog title={label ? fill(t('history.of'), { label }) : t('history.title')} width={720} testId="record-history" okText={t('common.close')} readOnly onSubmit={() => Promise.resolve(true)}>
      {entries === null ? <p className="text-sm text-text-muted">{t('history.loading')}</p> : null}
      {entries?.length === 0 ? <p className="text-sm text-text-muted">{t('history.empty')}</p> : null}
      <ol className="flex flex-col gap-3" aria-label={t('history.title')}>
        {(entries ?? []).map((entry) => {
          const moved = entry.to.filter((state, index) => state.value !== entry.from[index]?.value);
          const created = entry.action === 'add' || entry.action === 'import';
          return (
            <li key={entry.id} className="rounded border border-border px-3 py-2 text-sm" data-testid="history-entry" data-action={entry.action}>
              <div className="flex items-baseline gap-3">
                <span className="font-medium text-text">{entry.actionText}</span>
                <span className="text-text-muted">{entry.operator}</span>
                <span className="ml-auto font-mono text-xs text-text-muted">{entry.createTime}</span>
              </div>
              {moved.length ? (
                <p className="mt-1 text-text-muted">
                  {moved.map((state) => {
                    const before = entry.from.find((candidate) => candidate.field === state.field);
                    return (
                      <span key={state.field} className="mr-3">
                        {state.title}: {shown(before?.text)} → <span className="text-text">{shown(state.text)}</span>
                      </span>
                    );
                  })}
                </p>
              ) : null}
              {entry.inputs.length ? (
                <p className="mt-1 text-text-muted">
                  {entry.inputs.map((input) => (
                    <span key={input.field} className="mr-3">
                      {input.title}: <span className="text-text">{shown(input.text)}</span>
                    </span>
                  ))}
                </p>
              ) : null}
              {entry.changes.length ? (
                <table className="mt-1 w-full text-left text-xs">
                  <tbody>
                    {entry.changes.map((change) => (
                      <tr key={change.field}>
                        <th scope="row" className="w-32 py-0.5 pr-2 font-normal text-text-muted">
                          {change.title}
                        </th>
                        {/* A new record's values as given; an edit's before → after. */}
                        {created ? null : <td className="py-0.5 text-text-muted line-through decoration-text-muted/50">{shown(change.before)}</td>}
                        <td className="py-0.5 text-text">
                          {created ? '' : '→ '}
                          {shown(change.after)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : null}
              {entry.posting ? (
                <p className="mt-1 text-text-muted" data-testid="history-posting">
                  {t('history.amount')}: <span className="font-mono text-text">¥{entry.posting.amount}</span>
                  <span className="ml-3">
                    {t('history.txnNo')}: <span className="font-mono text-text">{entry.posting.txnNo}</span>
                  </span>
                  {entry.posting.reversal ? <span className="ml-3">{t('history.reversal')}</span> : null}
                </p>
              ) : null}
              {entry.note ? <p className="mt-1 text-text-muted">{entry.note}</p> : null}
            </li>
          );
        })}
      </ol>
    </FormDialog>
  );
}
