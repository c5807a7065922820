import type { EntityRecord } from '@web/api/entities';
import { useT } from '@web/i18n';
import { Field } from '../fields';

/** Who is coming, to whom, when and why: the top of every visit dialog. */
export function VisitSummary({ record }: { record: EntityRecord | null }) {
  const t = useT();
  return (
    <>
      <Field label={t('visitors.visitor')}>
        <span className="pt-1.5 text-sm" data-testid="visit-summary" data-record>
          {record ? `${String(record.visitorName)} · ${String(record.mobile)}${record.company ? ` · ${String(record.company)}` : ''}` : '…'}
        </span>
      </Field>
      <Field label={t('visitors.visit')}>
        <span className="pt-1.5 text-sm" data-record>
          {record ? `${String(record.visitTime)} · ${String(record.hostMemberId_dictText ?? '')} · ${String(record.visitReason_dictText ?? '')}` : '…'}
        </span>
      </Field>
    </>
  );
}
