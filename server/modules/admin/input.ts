import { z } from "zod";

/** SPEC-wide list size for the admin tables. */
import { ADMIN_PAGE_SIZE as PAGE_SIZE } from "#shared/page-sizes";
export { PAGE_SIZE };

/** `?page=` as typed in a URL: anything that is not a positive whole number means the first page. */
export const pageField = z.preprocess((v) => {
  const n = typeof v === "number" ? v : Number.parseInt(String(v ?? ""), 10);
  return Number.isFinite(n) && n >= 1 ? Math.min(n, 100_000) : 1;
}, z.number().int().min(1));

/** `?q=`: trimmed, at most 200 characters; an empty search is no search. */
export const searchField = z.preprocess((v) => (typeof v === "string" ? v.trim().slice(0, 200) : ""), z.string());

export { parseInput } from "#server/modules/validate";

export { containsPattern } from "#server/db/like";

export type Page<T> = { items: T[]; total: number; page: number; pageSize: number; pageCount: number };

export function pageOf<T>(items: T[], total: number, page: number): Page<T> {
  return { items, total, page, pageSize: PAGE_SIZE, pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
}

export const offsetOf = (page: number) => (page - 1) * PAGE_SIZE;
