import { useCallback, useEffect, useState } from 'react';
import { downloadsApi, type DownloadJob } from '@web/api/downloads';
import { useT } from '@web/i18n';
import { Select } from '@web/components/ui/Select';
import { FormDialog } from './FormDialog';

const PAGE_SIZES = [10, 20, 30] as const;

/** 下载中心: the user's exports, newest first; ready ones download, failed ones say why. */
export default function DownloadCentreDialog() {
  const t = useT();
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 as number });
  const [data, setData] = useState<{ records: DownloadJob[]; total: number } | null>(null);
  const load = useCallback(() => downloadsApi.list(page.pageNo, page.pageSize).then(setData, () => undefined), [page]);

  useEffect(() => {
    void load();
  }, [load]);
  // While something is being generated, look again every two seconds.
  useEffect(() => {
    if (!data?.records.some((job) => job.status === '0')) return;
    const timer = window.setTimeout(() => void load(), 2000);
    return () => window.clearTimeout(timer);
  }, [data, load]);

  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / page.pageSize));
  const statusClass = { '0': 'text-primary-strong', '1': 'text-[#389e0d]', '2': 'text-danger' } as const;
  return (
    <FormDialog title={t('downloads.title')} width={1200} testId="download-centre" okText={t('common.close')} onSubmit={async () => true}>
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b bg-[#fafafa] text-left">
            <th className="px-3 py-2">{t('downloads.file')}</th>
            <th className="px-3 py-2">{t('common.status')}</th>
            <th className="px-3 py-2">{t('downloads.rows')}</th>
            <th className="px-3 py-2">{t('common.createTime')}</th>
            <th className="px-3 py-2">{t('grid.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {(data?.records ?? []).map((job) => (
            <tr key={job.id} className="border-b" data-testid="download-job">
              <td className="px-3 py-2">{job.fileName}</td>
              <td className={`px-3 py-2 ${statusClass[job.status]}`} title={job.msg ?? undefined}>
                {t(`downloads.status${job.status}`)}
              </td>
              <td className="px-3 py-2">{job.rows}</td>
              <td className="px-3 py-2">{job.createTime}</td>
              <td className="px-3 py-2">
                {job.status === '1' ? (
                  <button type="button" className="text-primary-strong hover:underline" onClick={() => void downloadsApi.save(job).catch(() => undefined)}>
                    {t('records.download')}
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
          {data && data.records.length === 0 ? (
            <tr>
              <td colSpan={5} className="px-3 py-6 text-center text-text-muted">
                {t('downloads.empty')}
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
      <div className="mt-3 flex items-center justify-end gap-2 text-sm">
        <span>{t('pager.total', { total: data?.total ?? 0 })}</span>
        <button type="button" className="rounded border px-2 py-1 disabled:opacity-40" disabled={page.pageNo <= 1} onClick={() => setPage({ ...page, pageNo: page.pageNo - 1 })}>
          {t('pager.previous')}
        </button>
        <span>
          {page.pageNo} / {pages}
        </span>
        <button type="button" className="rounded border px-2 py-1 disabled:opacity-40" disabled={page.pageNo >= pages} onClick={() => setPage({ ...page, pageNo: page.pageNo + 1 })}>
          {t('pager.next')}
        </button>
        <Select
          aria-label={t('pager.size')}
          value={String(page.pageSize)}
          onChange={(value) => setPage({ pageNo: 1, pageSize: Number(value) })}
          options={PAGE_SIZES.map((size) => ({ value: String(size), text: t('pager.sizeOption', { size }) }))}
        />
      </div>
    </FormDialog>
  );
}
