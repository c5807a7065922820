import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

// One DOM for the process: sanitising needs a document, not a page per call.
const purify = createDOMPurify(new JSDOM('').window);

/**
 * An announcement body as it may be stored: formatting, links, images and tables stay; scripts,
 * event handlers, frames, forms and `javascript:` links go. The console sanitises again before it
 * shows a body, so a row written by another client is no danger either.
 */
export function sanitizeHtml(html: string): string {
  return purify.sanitize(html, { FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe', 'object', 'embed'], FORBID_ATTR: ['style'] });
}
