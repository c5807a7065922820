/** A text's `%`, `_` and `\` escaped, so that in an ILIKE pattern they match themselves. */
export const escapeLike = (text: string): string => text.replace(/[%_\\]/g, '\\$&');

/** An ILIKE pattern for "contains". */
export const containing = (text: string): string => `%${escapeLike(text)}%`;
