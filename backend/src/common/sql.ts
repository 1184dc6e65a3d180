/** A LIKE / ILIKE pattern matching `text` anywhere; the caller's `%`, `_` and `\` are literal. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
