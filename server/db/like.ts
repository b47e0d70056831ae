/** A LIKE pattern that finds `q` anywhere, with the wildcards it contains taken literally (use with `ilike`). */
export const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
