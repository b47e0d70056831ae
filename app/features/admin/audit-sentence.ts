import type { TFunction } from "i18next";
import type { AuditRow } from "#server/modules/admin/list-audit";

/**
 * How an area turns its audit entries into sentences. Each area keeps a table keyed by the actions it writes
 * (`app/features/<area>/admin/audit-sentences.ts`); the audit log (`audit-entry.tsx`) loops over the areas'
 * tables (`audit-areas.ts`). An entry's sentence is `audit.sentences.<action>` of the admin namespace unless its
 * table says otherwise: another key (a variant picked by the details), values for the placeholders, and notes
 * said after it.
 */
export type Sentence = { key?: string; values?: Record<string, string | number>; notes?: string[] };

/** What a table's entry may use: the admin namespace and a stored value in words (dates, numbers, names). */
export type SentenceTools = { t: TFunction; valueText: (field: string, v: unknown) => string };

export type SentenceOf = (row: AuditRow, tools: SentenceTools) => Sentence;

/** An action's table: every action the area writes, the plain ones included (the test checks it). */
export type AuditSentences = Record<string, SentenceOf>;

/** The action's own sentence, with nothing taken from its details. */
export const plain: SentenceOf = () => ({});

/** A setting turned on or off has its own sentence; another change is listed field by field. */
export const settingSwitch: SentenceOf = (r) =>
  typeof r.details.after === "boolean" ? { key: r.details.after ? "audit.sentences.setting.on" : "audit.sentences.setting.off" } : {};

export const str = (v: unknown) => (typeof v === "string" ? v : null);
export const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
export const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);
