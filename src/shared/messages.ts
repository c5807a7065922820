/**
 * Text-message billing and templates (DOMAIN.md §10), shared by the server that sends and the
 * screens that preview.
 */

/** A text of up to 70 characters is one part; a longer one is split into parts of 67 (the rest carries the joining header). */
export function smsParts(text: string): number {
  const length = Array.from(text).length;
  if (length <= 70) return 1;
  return Math.ceil(length / 67);
}

const VARIABLE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The `${name}` variables a template uses, each once, in order. */
export function templateVariables(content: string): string[] {
  return [...new Set(Array.from(content.matchAll(VARIABLE), (match) => match[1]!))];
}

/** A template filled in; the variables it needs and was not given are named, never left as `${…}`. */
export function renderTemplate(content: string, values: Readonly<Record<string, string | number | null | undefined>>): { text: string; missing: string[] } {
  const missing: string[] = [];
  const text = content.replace(VARIABLE, (whole, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') {
      if (!missing.includes(name)) missing.push(name);
      return whole;
    }
    return String(value);
  });
  return { text, missing };
}

/** `name=张三` lines (a test send's sample values) as a map; blank lines and lines without `=` are skipped. */
export function parseSampleValues(lines: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of lines.split(/\r?\n/)) {
    const at = line.indexOf('=');
    if (at <= 0) continue;
    values[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return values;
}
