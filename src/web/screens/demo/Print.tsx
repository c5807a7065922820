import { useEffect, useState } from 'react';
import { Printer } from 'lucide-react';
import type { PrintReceipt } from '@shared/demo/screens';
import { moneyInWords } from '@shared/moneyInWords';
import { demoScreensApi } from '@web/api/demoScreens';
import { Button } from '@web/components/ui/Button';
import { Select } from '@web/components/ui/Select';
import { useT } from '@web/i18n';
import { cn } from '@web/lib/cn';
import { useDicts } from '@web/stores/dicts';

/** The paper each layout prints on (styles.css names the same @page sizes). */
const LAYOUTS = {
  receipt: { widthMm: 80, heightMm: 150, page: 'print-receipt' },
  card: { widthMm: 85.6, heightMm: 54, page: 'print-card' },
  bill: { widthMm: 210, heightMm: 297, page: 'print-bill' },
} as const;
type Layout = keyof typeof LAYOUTS;

/** Millimetres on screen at 100 % (96 dpi). */
const PX_PER_MM = 96 / 25.4;
/** The preview's widest: an A4 page is shown scaled to it. */
const PREVIEW_WIDTH = 560;

const yuan = (cents: number | null) => (cents === null ? '—' : `¥${(cents / 100).toFixed(2)}`);

/**
 * 打印 on the school's latest recharges: one chosen, printed as the counter's receipt (80 mm),
 * the person's card (85.6 × 54 mm) or an A4 收款单 with the amount in words and signatures — each
 * previewed at its paper's size, and only it goes on paper (@media print, @page per layout).
 */
export default function Print() {
  const t = useT();
  const dicts = useDicts((state) => state.items);
  const ensure = useDicts((state) => state.ensure);
  useEffect(() => ensure(['recharge_channel']), [ensure]);
  const [receipts, setReceipts] = useState<PrintReceipt[] | null>(null);
  const [chosen, setChosen] = useState('');
  const [layout, setLayout] = useState<Layout>('receipt');
  useEffect(() => {
    demoScreensApi.receipts().then(
      (rows) => {
        setReceipts(rows);
        setChosen(rows[0]?.txnNo ?? '');
      },
      () => setReceipts([]),
    );
  }, []);
  const receipt = receipts?.find((row) => row.txnNo === chosen);
  const paper = LAYOUTS[layout];
  const scale = Math.min(1, PREVIEW_WIDTH / (paper.widthMm * PX_PER_MM));
  const channel = receipt?.channel ? (dicts.recharge_channel?.find((item) => item.value === receipt.channel)?.text ?? receipt.channel) : '—';

  const print = () => {
    // Only while printing does the page hide all but the paper (a kept tab must not hide another's print).
    document.body.dataset.printing = 'area';
    const done = () => {
      delete document.body.dataset.printing;
      window.removeEventListener('afterprint', done);
    };
    window.addEventListener('afterprint', done);
    window.print();
  };

  return (
    <div className="flex flex-col gap-4 rounded bg-surface p-4" data-testid="print-screen">
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 text-sm">
          {t('printDemo.receipt')}
          <Select
            aria-label={t('printDemo.receipt')}
            value={chosen}
            onChange={setChosen}
            options={(receipts ?? []).map((row) => ({ value: row.txnNo, text: `${row.postedAt.slice(5, 16)} ${row.realName} ${yuan(row.amount)}` }))}
            className="w-72"
            testId="print-receipt-choice"
          />
        </label>
        <fieldset className="flex items-center gap-3 text-sm" aria-label={t('printDemo.layout')}>
          {(Object.keys(LAYOUTS) as Layout[]).map((key) => (
            <label key={key} className="flex items-center gap-1.5">
              <input type="radio" name="print-layout" value={key} checked={layout === key} onChange={() => setLayout(key)} className="accent-[var(--color-primary)]" />
              {t(`printDemo.layout.${key}`)}
            </label>
          ))}
        </fieldset>
        <span className="text-xs text-text-muted" data-testid="print-paper">
          {t('printDemo.paper', { width: paper.widthMm, height: paper.heightMm })}
        </span>
        <Button variant="primary" className="ml-auto" onClick={print} disabled={!receipt} data-testid="print-now">
          <Printer className="size-4" aria-hidden />
          {t('print.now')}
        </Button>
      </div>
      {receipts?.length === 0 ? <p className="text-sm text-text-muted">{t('printDemo.none')}</p> : null}
      {receipt ? (
        <div className="flex justify-center overflow-auto rounded bg-canvas p-6">
          {/* The paper at its size, scaled to fit the screen; printed at 100 %. */}
          <div style={{ width: paper.widthMm * PX_PER_MM * scale, height: paper.heightMm * PX_PER_MM * scale }}>
            <div
              data-print-area
              className={cn('origin-top-left bg-white text-black shadow-md', paper.page)}
              style={{ width: `${paper.widthMm}mm`, minHeight: `${paper.heightMm}mm`, transform: `scale(${scale})` }}
              data-testid="print-preview"
              data-layout={layout}
            >
              {layout === 'receipt' ? <ReceiptPaper receipt={receipt} channel={channel} /> : layout === 'card' ? <CardPaper receipt={receipt} /> : <BillPaper receipt={receipt} channel={channel} />}
            </div>
          </div>
        </div>
      ) : null}
    </div>
  );
}

function Line({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-2">
      <span>{label}</span>
      <span className="text-right">{value}</span>
    </div>
  );
}

/** The counter's receipt: 80 mm wide, every line the clerk and the payer check. */
function ReceiptPaper({ receipt, channel }: { receipt: PrintReceipt; channel: string }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-1 p-[4mm] font-mono text-[11px] leading-snug">
      <p className="text-center text-[13px] font-bold">{receipt.school}</p>
      <p className="text-center">{t('printDemo.receiptTitle')}</p>
      <hr className="my-1 border-dashed border-black" />
      <Line label={t('printDemo.txnNo')} value={receipt.txnNo} />
      <Line label={t('printDemo.time')} value={receipt.postedAt} />
      <Line label={t('printDemo.person')} value={`${receipt.realName} ${receipt.memberNo}`} />
      <Line label={t('printDemo.dept')} value={receipt.deptName ?? '—'} />
      <Line label={t('printDemo.card')} value={receipt.cardNo ?? '—'} />
      <hr className="my-1 border-dashed border-black" />
      <Line label={t('printDemo.amount')} value={yuan(receipt.amount)} />
      <Line label={t('printDemo.channel')} value={channel} />
      <Line label={t('printDemo.cashAfter')} value={yuan(receipt.cashAfter)} />
      <Line label={t('printDemo.operator')} value={receipt.operator} />
      <hr className="my-1 border-dashed border-black" />
      <p className="text-center">{t('printDemo.keep')}</p>
    </div>
  );
}

/** The person's card: the school, the name, 学/工号, class and the card's number. */
function CardPaper({ receipt }: { receipt: PrintReceipt }) {
  const t = useT();
  return (
    <div className="flex h-[54mm] flex-col justify-between bg-gradient-to-br from-[#e6f4ff] to-white p-[4mm] text-[11px]">
      <p className="text-[13px] font-bold text-[#126dc2]">
        {receipt.school} · {t('printDemo.cardTitle')}
      </p>
      <div className="flex flex-col gap-0.5">
        <p className="text-[16px] font-bold">{receipt.realName}</p>
        <p>
          {t('printDemo.memberNo')}：{receipt.memberNo}
        </p>
        <p>
          {t('printDemo.dept')}：{receipt.deptName ?? '—'}
        </p>
      </div>
      <p className="font-mono tracking-widest">{receipt.cardNo ?? receipt.accountNo}</p>
    </div>
  );
}

/** An A4 收款单: the payer, the amount in figures and in words, and the signatures. */
function BillPaper({ receipt, channel }: { receipt: PrintReceipt; channel: string }) {
  const t = useT();
  const cell = 'border border-black px-3 py-2';
  return (
    <div className="flex flex-col gap-6 p-[15mm] text-[14px]">
      <h1 className="text-center text-[22px] font-bold tracking-[0.3em]">{t('printDemo.billTitle')}</h1>
      <div className="flex justify-between text-[12px]">
        <span>{receipt.school}</span>
        <span>
          {t('printDemo.txnNo')}：{receipt.txnNo}
        </span>
      </div>
      <table className="w-full border-collapse">
        <tbody>
          <tr>
            <th className={cell}>{t('printDemo.person')}</th>
            <td className={cell}>
              {receipt.realName}（{receipt.memberNo}）
            </td>
            <th className={cell}>{t('printDemo.dept')}</th>
            <td className={cell}>{receipt.deptName ?? '—'}</td>
          </tr>
          <tr>
            <th className={cell}>{t('printDemo.account')}</th>
            <td className={cell}>{receipt.accountNo}</td>
            <th className={cell}>{t('printDemo.time')}</th>
            <td className={cell}>{receipt.postedAt}</td>
          </tr>
          <tr>
            <th className={cell}>{t('printDemo.amount')}</th>
            <td className={cell}>{yuan(receipt.amount)}</td>
            <th className={cell}>{t('printDemo.channel')}</th>
            <td className={cell}>{channel}</td>
          </tr>
          <tr>
            <th className={cell}>{t('print.inWords')}</th>
            <td className={cell} colSpan={3} data-testid="print-in-words">
              {moneyInWords(receipt.amount)}
            </td>
          </tr>
        </tbody>
      </table>
      <div className="mt-10 flex justify-between">
        <span>{t('printDemo.payer')}：________</span>
        <span>
          {t('printDemo.cashier')}：{receipt.operator}
        </span>
        <span>{t('printDemo.stamp')}：________</span>
      </div>
    </div>
  );
}
