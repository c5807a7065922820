/** An ILIKE pattern for "contains": the text's own `%`, `_` and `\` match themselves. */
export const containing = (text: string): string => `%${text.replace(/[%_\\]/g, '\\$&')}%`;
