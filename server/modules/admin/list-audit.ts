import { and, asc, count, desc, eq, ilike, or } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client";
import { auditLog } from "../../db/schema";
import type { Actor } from "../accounts/actor";
import { containsPattern, offsetOf, pageField, pageOf, PAGE_SIZE, parseInput, searchField, type Page } from "./input";
import { assertAdminPanel } from "./policy";

export const listAuditInput = z.object({ action: searchField, actor: searchField, target: searchField, page: pageField });

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

/**
 * The audit log, newest first: filtered by action (exact), by actor (name or id) and by target (name or id).
 * Both Admins and Moderators read it: it is how the team sees what the team did.
 */
export async function listAudit(
  deps: { db: Database },
  actor: Actor,
  input: unknown,
): Promise<Page<AuditRow> & { filters: { action: string; actor: string; target: string }; actions: string[] }> {
  assertAdminPanel(actor);
  const f = parseInput(listAuditInput, input);
  const where = and(
    f.action ? eq(auditLog.action, f.action) : undefined,
    f.actor ? or(ilike(auditLog.actorName, containsPattern(f.actor)), eq(auditLog.actorId, f.actor)) : undefined,
    f.target ? or(ilike(auditLog.targetName, containsPattern(f.target)), eq(auditLog.targetId, f.target)) : undefined,
  );
  const [{ total }] = await deps.db.select({ total: count() }).from(auditLog).where(where);
  const rows = await deps.db.select().from(auditLog).where(where).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(PAGE_SIZE).offset(offsetOf(f.page));
  const actions = (await deps.db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(asc(auditLog.action)).limit(200)).map((r) => r.action);
  const items = rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  return { ...pageOf(items, total, f.page), filters: { action: f.action, actor: f.actor, target: f.target }, actions };
}
