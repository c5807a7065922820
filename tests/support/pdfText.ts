import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A PDF's pages as the text on them (read by pdf.js, as the browser's viewer reads it). */
export async function pdfPages(bytes: Buffer | Uint8Array): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return pages;
}
