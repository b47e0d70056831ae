import { KEY_UPLOAD_LIMITS, REGION_ALIASES, type Region } from "#shared/campaigns";

/** Why a line of an upload was left out. */
export type BadLineReason = "too_short" | "too_long" | "bad_characters" | "unknown_region" | "region_not_offered" | "duplicate_in_upload";

export type ParsedKey = { value: string; region: Region | null; line: number };
export type BadLine = { line: number; reason: BadLineReason | "already_in_pool" };

export type ParsedUpload = {
  /** Lines that hold something (blank lines and a `key_value,region` header are not counted). */
  detected: number;
  /** Valid and first in this upload (whether a pool already holds them is decided against the database). */
  keys: ParsedKey[];
  duplicateInUpload: number;
  invalid: number;
  /** In line order, capped at KEY_UPLOAD_LIMITS.listedLines; counts stay exact. */
  badLines: BadLine[];
};

// A key: printable ASCII without spaces, commas or quotes (what stores print: XXXXX-XXXXX-XXXXX, base32…).
const KEY_CHARS = /^[\x21\x23-\x2b\x2d-\x7e]+$/;
const HEADER = /^\s*"?key(_value)?"?\s*(,\s*"?region"?\s*)?$/i;

const unquote = (s: string) => {
  const t = s.trim();
  return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1).trim() : t;
};

/**
 * SPEC §5 bulk key upload: one key per line, or CSV `key_value,region` (region optional). Pure and linear in
 * the text's length (100,000 lines in a few tens of milliseconds); the database decides which of the valid
 * keys a pool of the company already holds. `offered`: the campaign's regions (a key of another region cannot
 * be given to anyone who may request); a key without a region redeems anywhere.
 */
export function parseKeyUpload(text: string, offered: readonly string[]): ParsedUpload {
  const seen = new Set<string>();
  const keys: ParsedKey[] = [];
  const badLines: BadLine[] = [];
  let detected = 0;
  let duplicateInUpload = 0;
  let invalid = 0;
  const bad = (line: number, reason: BadLine["reason"]) => {
    if (badLines.length < KEY_UPLOAD_LIMITS.listedLines) badLines.push({ line, reason });
  };

  const lines = text.split(/\r\n|\n|\r/);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i];
    if (raw.trim() === "") continue;
    if (detected === 0 && HEADER.test(raw)) continue;
    detected++;
    const line = i + 1;
    const comma = raw.indexOf(",");
    const value = unquote(comma === -1 ? raw : raw.slice(0, comma));
    const regionText = comma === -1 ? "" : unquote(raw.slice(comma + 1));

    const reason = keyProblem(value);
    let region: Region | null = null;
    let regionReason: BadLineReason | null = null;
    if (!reason && regionText !== "") {
      region = REGION_ALIASES[regionText.toLowerCase().replace(/[\s-]+/g, "_")] ?? null;
      if (!region) regionReason = "unknown_region";
      else if (offered.length > 0 && !offered.includes(region) && region !== "global") regionReason = "region_not_offered";
    }
    if (reason || regionReason) {
      invalid++;
      bad(line, (reason ?? regionReason)!);
      continue;
    }
    if (seen.has(value)) {
      duplicateInUpload++;
      bad(line, "duplicate_in_upload");
      continue;
    }
    seen.add(value);
    keys.push({ value, region, line });
  }
  return { detected, keys, duplicateInUpload, invalid, badLines };
}

function keyProblem(value: string): BadLineReason | null {
  if (value.length < KEY_UPLOAD_LIMITS.keyMinLength) return "too_short";
  if (value.length > KEY_UPLOAD_LIMITS.keyMaxLength) return "too_long";
  if (!KEY_CHARS.test(value)) return "bad_characters";
  return null;
}
