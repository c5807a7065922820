import { existsSync, readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { ApiError } from '../http/envelope';

/** A font file and, for a collection (.ttc), the face in it by its PostScript name. */
interface FontFace {
  path: string;
  face?: string;
}

/**
 * Where a Chinese font is looked for, first found wins: `PDF_FONT` (a path, `#face` for a face of a
 * collection), then the fonts Debian's packages put down (the tests install fonts-noto-cjk).
 */
const REGULAR: readonly FontFace[] = [
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', face: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', face: 'WenQuanYiMicroHei' },
  { path: '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc', face: 'WenQuanYiZenHei' },
  { path: '/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf' },
];
const BOLD: readonly FontFace[] = [{ path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc', face: 'NotoSansCJKsc-Bold' }];

function fromEnv(value: string | undefined): FontFace[] {
  if (!value) return [];
  const [path, face] = value.split('#');
  return path ? [{ path, ...(face ? { face } : {}) }] : [];
}

/** A font's bytes, read once: a CJK collection is tens of megabytes. */
const loaded = new Map<string, Buffer>();
function firstFont(candidates: readonly FontFace[]): (FontFace & { bytes: Buffer }) | null {
  for (const candidate of candidates) {
    const cached = loaded.get(candidate.path);
    if (cached) return { ...candidate, bytes: cached };
    if (!existsSync(candidate.path)) continue;
    const bytes = readFileSync(candidate.path);
    loaded.set(candidate.path, bytes);
    return { ...candidate, bytes };
  }
  return null;
}

export type Pdf = PDFKit.PDFDocument;

/** The fonts a document writes with: `body` and `bold` (the regular face when no bold one is found). */
export const FONT = { body: 'body', bold: 'bold' } as const;

/**
 * Builds a PDF (A4 unless told) with a Chinese font registered as `FONT.body` / `FONT.bold`, pages
 * kept so the builder can number them at the end, and answers its bytes. Without a Chinese font on
 * the server, 503 with what to install.
 */
export async function renderPdf(options: PDFKit.PDFDocumentOptions, build: (doc: Pdf) => void): Promise<Buffer> {
  const regular = firstFont([...fromEnv(process.env.PDF_FONT), ...REGULAR]);
  if (!regular) throw new ApiError(503, '服务器未安装中文字体（如 fonts-noto-cjk），无法生成 PDF', 'No Chinese font is installed on the server (fonts-noto-cjk, say): the PDF cannot be made');
  const bold = firstFont([...fromEnv(process.env.PDF_FONT_BOLD), ...BOLD]) ?? regular;
  const doc = new PDFDocument({ size: 'A4', margin: 40, bufferPages: true, ...options });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont(FONT.body, regular.bytes, regular.face);
  doc.registerFont(FONT.bold, bold.bytes, bold.face);
  doc.font(FONT.body);
  build(doc);
  doc.end();
  return done;
}
