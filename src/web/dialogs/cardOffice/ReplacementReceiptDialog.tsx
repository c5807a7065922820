import { cardReplacement } from '@shared/entities/members/cardReplacement';
import { useT } from '@web/i18n';
import { FormDialog } from '../FormDialog';
import { useRecord } from './shared';

/**
 * 打印凭条: the receipt of a 补卡 or 换卡 bill, handed to the card holder — both cards, the fee and
 * how it was paid, who did it and when, with a line to sign. Only the receipt goes on paper.
 */
export default function ReplacementReceiptDialog({ id }: { id?: string | undefined }) {
  const t = useT();
  const bill = useRecord(cardReplacement, id);
  const text = (key: string) => String(bill?.[`${key}_dictText`] ?? bill?.[key] ?? '');
  const rows: [string, string][] = bill
    ? [
        [t('cardRepair.billNo'), text('billNo')],
        [t('cardRepair.doneAt'), text('createdAt')],
        [t('cardRepair.member'), text('memberId')],
        [t('cardRepair.oldCard'), text('oldCardId')],
        [t('cardRepair.newCard'), text('newCardId')],
        [t('cardRepair.reason'), text('reason')],
        [t('cardRepair.fee'), `¥${Number(bill.fee ?? 0).toFixed(2)}`],
        [t('cardRepair.feePay'), text('feePay')],
        [t('cardRepair.status'), text('status')],
        [t('cardRepair.operator'), text('createBy')],
      ]
    : [];
  return (
    <FormDialog
      title={t('cardRepair.print')}
      width={480}
      testId="replacement-receipt"
      okText={t('cardRepair.printNow')}
      printable
      okDisabled={!bill}
      onSubmit={async () => {
        window.print();
        return true;
      }}
    >
      <section className="mx-auto max-w-[360px] font-mono text-sm text-text" aria-label={t('cardRepair.receipt')} data-testid="receipt">
        <h2 className="text-center text-base font-semibold">{t('app.name')}</h2>
        <p className="mb-3 text-center">{t('cardRepair.receipt')}</p>
        <dl className="border-y border-dashed border-border py-2">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4 py-0.5">
              <dt className="shrink-0 text-text-muted">{label}</dt>
              <dd className="text-right break-all" data-record>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-[13px]">{t('cardRepair.receiptNote')}</p>
        <p className="mt-6">{t('cardRepair.signature')}</p>
      </section>
    </FormDialog>
  );
}
