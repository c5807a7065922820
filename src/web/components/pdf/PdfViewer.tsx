import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronFirst, ChevronLast, ChevronLeft, ChevronRight, Download, Maximize2, ZoomIn, ZoomOut } from 'lucide-react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { saveFile } from '@web/api/client';
import { Button } from '@web/components/ui/Button';
import { useT } from '@web/i18n';

/** pdf.js with its worker, loaded when a PDF is first shown (it is large). */
const pdfjs = () =>
  Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(([lib, worker]) => {
    lib.GlobalWorkerOptions.workerSrc = worker.default;
    return lib;
  });

/** The zoom steps + and − move through; `fit` fits the page's width to the viewer. */
const STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
type Zoom = 'fit' | (typeof STEPS)[number];
/** Room around the page inside the viewer. */
const GUTTER = 32;

export interface PdfFile {
  blob: Blob;
  name: string;
}

/**
 * A PDF shown in the page with pdf.js: one page at a time with its text selectable, paged with the
 * toolbar or PgUp/PgDn ← → Home End, zoomed with − + (0 fits the width), saved with 下载.
 */
export function PdfViewer({ file, label }: { file: PdfFile | null; label: string }) {
  const t = useT();
  const [document, setDocument] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [pageNo, setPageNo] = useState(1);
  const [zoom, setZoom] = useState<Zoom>('fit');
  const [scale, setScale] = useState(1);
  const [rendered, setRendered] = useState('');
  const [width, setWidth] = useState(0);
  const viewer = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const textLayer = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = viewer.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry!.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // A new file: its document, from the first page.
  useEffect(() => {
    setDocument(null);
    setFailed(false);
    setRendered('');
    if (!file) return;
    let live = true;
    let destroy: (() => unknown) | null = null;
    void (async () => {
      try {
        const lib = await pdfjs();
        const task = lib.getDocument({ data: new Uint8Array(await file.blob.arrayBuffer()), isEvalSupported: false });
        destroy = () => task.destroy();
        const loaded = await task.promise;
        if (!live) return;
        setPageNo(1);
        setDocument(loaded);
      } catch {
        if (live) setFailed(true);
      }
    })();
    return () => {
      live = false;
      void destroy?.();
    };
  }, [file]);

  // The page drawn at the zoom, its text laid over it (for selecting and finding); a newer draw cancels this one.
  useEffect(() => {
    if (!document || !width) return;
    let live = true;
    let cancel: (() => void) | null = null;
    void (async () => {
      const lib = await pdfjs();
      const page = await document.getPage(pageNo);
      if (!live) return;
      const natural = page.getViewport({ scale: 1 });
      const next = zoom === 'fit' ? Math.max(0.25, (width - GUTTER) / natural.width) : zoom;
      const viewport = page.getViewport({ scale: next });
      const ratio = window.devicePixelRatio || 1;
      const target = canvas.current!;
      target.width = Math.floor(viewport.width * ratio);
      target.height = Math.floor(viewport.height * ratio);
      target.style.width = `${Math.floor(viewport.width)}px`;
      target.style.height = `${Math.floor(viewport.height)}px`;
      const draw = page.render({ canvas: target, viewport, ...(ratio !== 1 ? { transform: [ratio, 0, 0, ratio, 0, 0] } : {}) });
      const layer = textLayer.current!;
      layer.replaceChildren();
      const text = new lib.TextLayer({ textContentSource: page.streamTextContent(), container: layer, viewport });
      cancel = () => {
        draw.cancel();
        text.cancel();
      };
      setScale(next);
      try {
        await Promise.all([draw.promise, text.render()]);
        if (live) setRendered(`${pageNo}@${next.toFixed(3)}`);
      } catch {
        // Cancelled by a newer draw.
      }
    })();
    return () => {
      live = false;
      cancel?.();
    };
  }, [document, pageNo, zoom, width]);

  const pages = document?.numPages ?? 0;
  const go = (page: number) => setPageNo(Math.min(Math.max(page, 1), Math.max(pages, 1)));
  const zoomBy = (direction: 1 | -1) => {
    const next = direction > 0 ? STEPS.find((step) => step > scale + 0.001) : [...STEPS].reverse().find((step) => step < scale - 0.001);
    if (next) setZoom(next);
  };

  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement || event.altKey || event.ctrlKey || event.metaKey) return;
    const act: Record<string, () => void> = {
      PageDown: () => go(pageNo + 1),
      ArrowRight: () => go(pageNo + 1),
      PageUp: () => go(pageNo - 1),
      ArrowLeft: () => go(pageNo - 1),
      Home: () => go(1),
      End: () => go(pages),
      '+': () => zoomBy(1),
      '=': () => zoomBy(1),
      '-': () => zoomBy(-1),
      '0': () => setZoom('fit'),
    };
    const run = act[event.key];
    if (!run || !document) return;
    event.preventDefault();
    run();
  };

  const percent = Math.round(scale * 100);
  return (
    <section className="flex min-h-0 flex-1 flex-col overflow-hidden rounded border border-border" aria-label={label} data-testid="pdf-viewer">
      <div className="flex flex-wrap items-center gap-1 border-b border-border bg-surface px-2 py-1.5 text-sm" role="toolbar" aria-label={t('pdfView.toolbar')}>
        <Button variant="ghost" size="sm" aria-label={t('pdfView.first')} title={`${t('pdfView.first')} (Home)`} disabled={pageNo <= 1} onClick={() => go(1)}>
          <ChevronFirst className="size-4" aria-hidden />
        </Button>
        <Button variant="ghost" size="sm" aria-label={t('pdfView.previous')} title={`${t('pdfView.previous')} (PgUp)`} disabled={pageNo <= 1} onClick={() => go(pageNo - 1)} data-testid="pdf-previous">
          <ChevronLeft className="size-4" aria-hidden />
        </Button>
        <label className="flex items-center gap-1">
          <span className="sr-only">{t('pdfView.page')}</span>
          <input
            type="number"
            min={1}
            max={pages || 1}
            value={pageNo}
            onChange={(event) => event.target.value && go(Number(event.target.value))}
            className="h-7 w-14 rounded border border-border bg-surface px-1 text-center"
            data-testid="pdf-page"
          />
          <span className="text-text-muted" data-testid="pdf-pages">
            / {pages}
          </span>
        </label>
        <Button variant="ghost" size="sm" aria-label={t('pdfView.next')} title={`${t('pdfView.next')} (PgDn)`} disabled={pageNo >= pages} onClick={() => go(pageNo + 1)} data-testid="pdf-next">
          <ChevronRight className="size-4" aria-hidden />
        </Button>
        <Button variant="ghost" size="sm" aria-label={t('pdfView.last')} title={`${t('pdfView.last')} (End)`} disabled={pageNo >= pages} onClick={() => go(pages)}>
          <ChevronLast className="size-4" aria-hidden />
        </Button>
        <span className="mx-2 h-5 w-px bg-border" aria-hidden />
        <Button variant="ghost" size="sm" aria-label={t('pdfView.zoomOut')} title={`${t('pdfView.zoomOut')} (−)`} disabled={!document} onClick={() => zoomBy(-1)}>
          <ZoomOut className="size-4" aria-hidden />
        </Button>
        <span className="w-12 text-center tabular-nums" data-testid="pdf-zoom">
          {percent}%
        </span>
        <Button variant="ghost" size="sm" aria-label={t('pdfView.zoomIn')} title={`${t('pdfView.zoomIn')} (+)`} disabled={!document} onClick={() => zoomBy(1)} data-testid="pdf-zoom-in">
          <ZoomIn className="size-4" aria-hidden />
        </Button>
        <Button variant="ghost" size="sm" aria-pressed={zoom === 'fit'} title={`${t('pdfView.fit')} (0)`} disabled={!document} onClick={() => setZoom('fit')}>
          <Maximize2 className="size-4" aria-hidden />
          {t('pdfView.fit')}
        </Button>
        <Button size="sm" className="ml-auto" disabled={!file} onClick={() => file && saveFile(file)} data-testid="pdf-download">
          <Download className="size-4" aria-hidden />
          {t('pdfView.download')}
        </Button>
      </div>
      <div
        ref={viewer}
        tabIndex={0}
        onKeyDown={onKey}
        aria-label={t('pdfView.keys')}
        className="min-h-0 flex-1 overflow-auto bg-canvas p-4 outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-primary"
        data-testid="pdf-pages-area"
      >
        {failed ? <p className="text-sm text-danger">{t('pdfView.failed')}</p> : null}
        {!file ? <p className="text-sm text-text-muted">{t('pdfView.empty')}</p> : null}
        <div
          className="relative mx-auto bg-white shadow-md"
          style={{ width: 'fit-content', ['--total-scale-factor' as string]: scale, ['--scale-factor' as string]: scale }}
          hidden={!document}
          data-testid="pdf-page-view"
          data-rendered={rendered}
        >
          <canvas ref={canvas} className="block" aria-hidden />
          <div ref={textLayer} className="textLayer" data-testid="pdf-text" />
        </div>
      </div>
      <p className="sr-only" aria-live="polite">
        {document ? t('pdfView.status', { page: pageNo, pages, zoom: percent }) : ''}
      </p>
    </section>
  );
}
