import { and, asc, count, desc, eq, gte, ilike, like, lt, or } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "#server/db/client";
import { auditLog } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { containsPattern, offsetOf, pageField, pageOf, PAGE_SIZE, parseInput, searchField, type Page } from "./input";
import { assertCan } from "#server/modules/accounts/policy";
import { resolveAuditRefs, type AuditRefs } from "./audit-refs";

/** `YYYY-MM-DD` as typed in a date field; anything else (or an impossible date) is no filter. */
const dayField = z.preprocess((v) => {
  const s = typeof v === "string" ? v.trim() : "";
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return "";
  const d = new Date(`${s}T00:00:00Z`);
  // "2026-02-31" parses to another day: not a real date.
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s ? s : "";
}, z.string());

export const listAuditInput = z.object({
  /** An action ("role.grant"), or a family of actions when it ends with a dot ("forum."). */
  action: searchField,
  actor: searchField,
  target: searchField,
  targetType: searchField,
  /** Days in UTC, both included. */
  from: dayField,
  to: dayField,
  page: pageField,
});

export type AuditFilters = { action: string; actor: string; target: string; targetType: string; from: string; to: string };

export type AuditRow = {
  id: number;
  actorId: string | null;
  actorName: string;
  action: string;
  targetType: string;
  targetId: string;
  targetName: string | null;
  reason: string | null;
  details: Record<string, unknown>;
  createdAt: string;
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/**
 * The audit log, newest first: filtered by action (exact, or every action of a family such as `forum.`), by
 * actor (name or id), by target (name or id), by target type and by a range of days. Both Admins and
 * Moderators read it: it is how the team sees what the team did. Also the choices the filters offer, and
 * what the page's ids point to today (`refs`: names and addresses, one query per kind).
 */
export async function listAudit(
  deps: { db: Database },
  actor: Actor,
  input: unknown,
): Promise<
  Page<AuditRow> & { filters: AuditFilters; actions: string[]; actionFamilies: string[]; targetTypes: string[]; refs: AuditRefs }
> {
  assertCan(actor, "audit.read");
  const f = parseInput(listAuditInput, input);
  const where = and(
    f.action ? (f.action.endsWith(".") ? like(auditLog.action, `${escapeLike(f.action)}%`) : eq(auditLog.action, f.action)) : undefined,
    f.actor ? or(ilike(auditLog.actorName, containsPattern(f.actor)), eq(auditLog.actorId, f.actor)) : undefined,
    f.target ? or(ilike(auditLog.targetName, containsPattern(f.target)), eq(auditLog.targetId, f.target)) : undefined,
    f.targetType ? eq(auditLog.targetType, f.targetType) : undefined,
    f.from ? gte(auditLog.createdAt, new Date(`${f.from}T00:00:00Z`)) : undefined,
    f.to ? lt(auditLog.createdAt, nextDay(f.to)) : undefined,
  );
  const [{ total }] = await deps.db.select({ total: count() }).from(auditLog).where(where);
  const rows = await deps.db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(PAGE_SIZE)
    .offset(offsetOf(f.page));
  const actions = (await deps.db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(asc(auditLog.action)).limit(200)).map(
    (r) => r.action,
  );
  const targetTypes = (
    await deps.db.selectDistinct({ t: auditLog.targetType }).from(auditLog).orderBy(asc(auditLog.targetType)).limit(100)
  ).map((r) => r.t);
  const actionFamilies = [...new Set(actions.filter((a) => a.includes(".")).map((a) => `${a.slice(0, a.indexOf("."))}.`))];
  const items = rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  const refs = await resolveAuditRefs(deps.db, rows);
  const filters = { action: f.action, actor: f.actor, target: f.target, targetType: f.targetType, from: f.from, to: f.to };
  return { ...pageOf(items, total, f.page), filters, actions, actionFamilies, targetTypes, refs };
}
