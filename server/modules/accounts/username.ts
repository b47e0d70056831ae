import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { profiles } from "#server/db/schema";

/** SPEC §5: 3–30 letters, digits, `_` or `-`; unique ignoring case; some words reserved. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]{3,30}$/;
export const USERNAME_CHANGE_DAYS = 30;

/** Names that would impersonate the site or collide with its paths. Compared in lower case. */
export const RESERVED_USERNAMES = new Set([
  "admin",
  "administrator",
  "administrador",
  "root",
  "system",
  "sistema",
  "moderator",
  "moderador",
  "mod",
  "staff",
  "support",
  "soporte",
  "help",
  "ayuda",
  "team",
  "equipo",
  "official",
  "oficial",
  "nexo",
  "nexoindie",
  "api",
  "auth",
  "login",
  "logout",
  "register",
  "signup",
  "signin",
  "account",
  "cuenta",
  "dashboard",
  "settings",
  "company",
  "companies",
  "community",
  "comunidad",
  "campaigns",
  "games",
  "u",
  "me",
  "null",
  "undefined",
  "anonymous",
  "anonimo",
  "everyone",
  "here",
  "security",
  "seguridad",
  "privacy",
  "terms",
  "about",
  "contact",
  "search",
  "resources",
  "media",
  "assets",
  "www",
  "mail",
  "postmaster",
  "webmaster",
  "noreply",
  "no-reply",
]);

export type UsernameProblem = "accounts.username_invalid" | "accounts.username_reserved";

export function usernameProblem(name: string): UsernameProblem | null {
  if (!USERNAME_PATTERN.test(name)) return "accounts.username_invalid";
  if (RESERVED_USERNAMES.has(name.toLowerCase())) return "accounts.username_reserved";
  return null;
}

export async function usernameTaken(db: Database, name: string, exceptUserId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(sql`lower(${profiles.username}) = ${name.toLowerCase()}`)
    .limit(1);
  return rows.length > 0 && rows[0].id !== exceptUserId;
}

export type UsernameRefusal = UsernameProblem | "accounts.username_taken";

/** Why `name` cannot be taken now (null: it can); `exceptUserId`'s own name counts as free. */
export async function usernameRefusal(db: Database, name: string, exceptUserId?: string): Promise<UsernameRefusal | null> {
  const problem = usernameProblem(name);
  if (problem) return problem;
  return (await usernameTaken(db, name, exceptUserId)) ? "accounts.username_taken" : null;
}

/** A free, valid username made from an email or a display name, for accounts that did not choose one. */
export async function deriveUsername(db: Database, seed: string): Promise<string> {
  let base = seed
    .split("@")[0]
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9_-]+/g, "_")
    .replace(/^[_-]+|[_-]+$/g, "")
    .slice(0, 24);
  if (base.length < 3) base = `player_${base}`.slice(0, 24);
  if (RESERVED_USERNAMES.has(base.toLowerCase())) base = `${base}_1`;
  if (!(await usernameTaken(db, base))) return base;
  for (let i = 0; i < 50; i++) {
    const candidate = `${base.slice(0, 24)}_${Math.floor(Math.random() * 100_000)}`;
    if (!(await usernameTaken(db, candidate))) return candidate;
  }
  return `player_${crypto.randomUUID().slice(0, 12)}`;
}
