import { lazy, Suspense, useEffect, useState } from 'react';
import { Search } from 'lucide-react';
import type { PrintReceipt, SplitMember } from '@shared/demo/screens';
import { addDays } from '@shared/schoolTime';
import { demoScreensApi } from '@web/api/demoScreens';
import type { PdfFile } from '@web/components/pdf/PdfViewer';
import { DateInput } from '@web/components/ui/DateInput';
import { Input } from '@web/components/ui/Input';
import { Select } from '@web/components/ui/Select';
import { useT } from '@web/i18n';
import { schoolToday } from '@web/stores/schoolClock';

const PdfViewer = lazy(() => import('@web/components/pdf/PdfViewer').then((module) => ({ default: module.PdfViewer })));

type Kind = 'receipt' | 'statement';
const DAY = /^\d{4}-\d\d-\d\d$/;
const yuan = (cents: number) => `¥${(cents / 100).toFixed(2)}`;

/**
 * PDF 预览 on the school's ledger: a recharge's 收款单, or a person's 账户对账单 over the days chosen,
 * made by the server as a PDF and shown in the page (paged and zoomed) — the same file 下载 saves.
 */
export default function PdfView() {
  const t = useT();
  const [kind, setKind] = useState<Kind>('receipt');
  const [receipts, setReceipts] = useState<PrintReceipt[]>([]);
  const [txnNo, setTxnNo] = useState('');
  const [keyword, setKeyword] = useState('');
  const [people, setPeople] = useState<SplitMember[]>([]);
  const [memberId, setMemberId] = useState('');
  const today = schoolToday();
  const [from, setFrom] = useState(addDays(today, -29));
  const [to, setTo] = useState(today);
  const [file, setFile] = useState<PdfFile | null>(null);

  useEffect(() => {
    demoScreensApi.pdfReceipts().then(
      (rows) => {
        setReceipts(rows);
        setTxnNo(rows[0]?.txnNo ?? '');
      },
      () => undefined,
    );
  }, []);

  // People as the search box finds them (the first one chosen); those with an account first matter.
  useEffect(() => {
    if (kind !== 'statement') return;
    const timer = window.setTimeout(() => {
      demoScreensApi.pdfPeople(keyword).then(
        (page) => {
          const found = page.records.filter((person) => person.balance !== null);
          setPeople(found);
          setMemberId((current) => (found.some((person) => person.id === current) ? current : (found[0]?.id ?? '')));
        },
        () => undefined,
      );
    }, 200);
    return () => window.clearTimeout(timer);
  }, [kind, keyword]);

  // The document for what is chosen, once it is whole; a newer choice wins over a slower answer.
  useEffect(() => {
    const ready = kind === 'receipt' ? Boolean(txnNo) : Boolean(memberId) && DAY.test(from) && DAY.test(to);
    if (!ready) {
      setFile(null);
      return;
    }
    let live = true;
    const timer = window.setTimeout(() => {
      (kind === 'receipt' ? demoScreensApi.receiptPdf(txnNo) : demoScreensApi.statementPdf(memberId, from, to)).then(
        (made) => live && setFile(made),
        () => live && setFile(null),
      );
    }, 150);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [kind, txnNo, memberId, from, to]);

  return (
    <div className="flex h-[calc(100vh-230px)] min-h-[480px] flex-col gap-3 rounded bg-surface p-4" data-testid="pdf-screen">
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <fieldset className="flex items-center gap-3" aria-label={t('pdfView.document')}>
          {(['receipt', 'statement'] as const).map((value) => (
            <label key={value} className="flex items-center gap-1.5">
              <input type="radio" name="pdf-kind" value={value} checked={kind === value} onChange={() => setKind(value)} className="accent-[var(--color-primary)]" />
              {t(`pdfView.kind.${value}`)}
            </label>
          ))}
        </fieldset>
        {kind === 'receipt' ? (
          <Select
            aria-label={t('printDemo.receipt')}
            value={txnNo}
            onChange={setTxnNo}
            options={receipts.map((row) => ({ value: row.txnNo, text: `${row.postedAt.slice(5, 16)} ${row.realName} ${yuan(row.amount)}` }))}
            placeholder={t('printDemo.none')}
            className="w-72"
            testId="pdf-receipt-choice"
          />
        ) : (
          <>
            <Input
              aria-label={t('pdfView.search')}
              placeholder={t('pdfView.search')}
              value={keyword}
              onChange={(event) => setKeyword(event.target.value)}
              prefixIcon={<Search className="size-4" aria-hidden />}
              className="w-48"
              data-testid="pdf-person-search"
            />
            <Select
              aria-label={t('pdfView.person')}
              value={memberId}
              onChange={setMemberId}
              options={people.map((person) => ({ value: person.id, text: `${person.realName} ${person.memberNo}${person.deptName ? ` ${person.deptName}` : ''}` }))}
              placeholder={t('pdfView.noPerson')}
              className="w-64"
              testId="pdf-person-choice"
            />
            <DateInput kind="date" aria-label={t('pdfView.from')} value={from} onChange={setFrom} className="w-36" testId="pdf-from" />
            <span aria-hidden>~</span>
            <DateInput kind="date" aria-label={t('pdfView.to')} value={to} onChange={setTo} className="w-36" testId="pdf-to" />
          </>
        )}
      </div>
      <Suspense fallback={<p className="text-sm text-text-muted">{t('grid.loading')}</p>}>
        <PdfViewer file={file} label={t('pdfView.viewer')} />
      </Suspense>
    </div>
  );
}
