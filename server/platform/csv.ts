/**
 * The one CSV writer of the site: every export (featured-games analytics, a campaign's keys,
 * any new one) writes its rows through `toCsv`, so no cell a person typed can run as a formula in the reader's
 * spreadsheet, whatever its list separator (`,` in English locales, `;` in Spanish ones).
 *
 * - Rows end with CRLF; cells are joined with `,`.
 * - Numbers stay numbers (unquoted); an empty value is an empty cell.
 * - Every text cell is quoted, its inner quotes doubled: a `;` or a newline inside it never starts a new cell.
 * - A formula start (`= + - @`, a tab, a carriage return) at the start of a text cell, and after every `,`
 *   `;` tab or newline inside it, gets an apostrophe in front (`=1+2` → `'=1+2`; `Pwn;=1+2` → `Pwn;'=1+2`): a
 *   spreadsheet that splits the text there anyway (a reader that ignores quotes) still shows text. An
 *   apostrophe in such a place gets one too, so the change can be undone exactly (`unguardText`): remove one
 *   apostrophe at the start and after each of those separators.
 */
export type CsvValue = string | number | null | undefined;

const FORMULA_START = new Set(["=", "+", "-", "@", "\t", "\r"]);
const SEPARATORS = new Set([",", ";", "\t", "\n", "\r"]);

/** Text with an apostrophe before every formula start (and apostrophe) at its start or after a separator. */
export function guardText(value: string): string {
  let out = "";
  let boundary = true;
  for (const ch of value) {
    if (boundary && (FORMULA_START.has(ch) || ch === "'")) out += "'";
    out += ch;
    boundary = SEPARATORS.has(ch);
  }
  return out;
}

/** The text `guardText` was given: one apostrophe removed before each guarded character. */
export function unguardText(value: string): string {
  let out = "";
  let boundary = true;
  for (let i = 0; i < value.length; i++) {
    const ch = value[i];
    const next = value[i + 1];
    if (boundary && ch === "'" && next !== undefined && (FORMULA_START.has(next) || next === "'")) {
      out += next;
      boundary = SEPARATORS.has(next);
      i++;
      continue;
    }
    out += ch;
    boundary = SEPARATORS.has(ch);
  }
  return out;
}

/** One cell as written: a finite number as is, nothing as an empty cell, text guarded and quoted. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  return `"${guardText(value).replace(/"/g, '""')}"`;
}

/** Rows to CSV text: cells joined by `,`, every row ended by CRLF; `bom` puts a UTF-8 byte order mark first. */
export function toCsv(rows: readonly (readonly CsvValue[])[], opts: { bom?: boolean } = {}): string {
  const body = rows.map((row) => row.map(csvCell).join(",") + "\r\n").join("");
  return opts.bom ? `\uFEFF${body}` : body;
}
