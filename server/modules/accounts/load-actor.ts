import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { companyProfiles, profiles, roles, sessions, userRoles, users } from "#server/db/schema";
import type { Auth } from "#server/platform/auth";
import type { Actor } from "./actor";

type Deps = { auth: Auth; db: Database };
/** Set-Cookie values better-auth answered while loading the actor (a session extended): the response carries them. */
export type OnSessionCookies = (setCookies: string[]) => void;

/**
 * Builds the Actor for a request from its session cookie. SPEC §4: a missing profile row is treated as
 * empty; the roles come through user_roles.
 *
 * Every signed-in request runs this, so the usual case is one statement: the cookie's signature is checked
 * here (HMAC-SHA256 with the auth secret, as better-auth signs it) and the session, its user, profile, roles
 * and company are read together. Whatever better-auth would do more than read (an expired session to delete,
 * a session due to be extended) or any cookie this reading is not certain of, goes to better-auth's own
 * getSession (`actorThroughBetterAuth`); `load-actor.db.test.ts` holds both to the same answers.
 */
export async function loadActor(deps: Deps, headers: Headers, onSessionCookies?: OnSessionCookies): Promise<Actor> {
  const cookie = headers.get("cookie");
  if (!cookie?.includes("session_token")) return null;
  const config = await sessionConfig(deps.auth);
  const token = signedSessionToken(cookie, config);
  if (token === "unsure") return actorThroughBetterAuth(deps, headers, onSessionCookies);
  if (token === null) return null;

  const [row] = await deps.db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      email: users.email,
      emailVerified: users.emailVerified,
      ...profileColumns(sessions.userId),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.id, sessions.userId))
    .leftJoin(companyProfiles, and(eq(companyProfiles.id, sessions.userId), eq(profiles.role, "company")))
    .where(eq(sessions.token, token));
  if (!row) return null;
  const now = Date.now();
  const expiresAt = row.expiresAt.getTime();
  // Expired (better-auth deletes it) or due to be extended (better-auth writes it and sets the cookie again).
  if (expiresAt < now || expiresAt - config.expiresInMs + config.updateAgeMs <= now)
    return actorThroughBetterAuth(deps, headers, onSessionCookies);
  return actorFrom({ userId: row.userId, sessionId: row.sessionId, email: row.email, emailVerified: row.emailVerified }, row);
}

/** better-auth's getSession, then the profile, roles and company in one statement. */
async function actorThroughBetterAuth(deps: Deps, headers: Headers, onSessionCookies?: OnSessionCookies): Promise<Actor> {
  const answer = await deps.auth.api.getSession({ headers, returnHeaders: true }).catch(() => null);
  const setCookies = answer?.headers.getSetCookie() ?? [];
  if (setCookies.length) onSessionCookies?.(setCookies);
  const session = answer?.response;
  if (!session) return null;
  const userId = session.user.id;
  // It starts from a one-row VALUES so that a person without a profile row still gets their roles.
  const [row] = await deps.db
    .select(profileColumns(sql`${userId}`))
    .from(sql`(values (1)) as me(one)`)
    .leftJoin(profiles, eq(profiles.id, userId))
    .leftJoin(companyProfiles, and(eq(companyProfiles.id, userId), eq(profiles.role, "company")));
  const who = { userId, sessionId: session.session.id, email: session.user.email, emailVerified: session.user.emailVerified };
  return actorFrom(who, row);
}

function profileColumns(userId: Parameters<typeof eq>[1]) {
  return {
    username: profiles.username,
    avatarUrl: profiles.avatarUrl,
    profileRole: profiles.role,
    roles: sql<
      string[]
    >`coalesce((select json_agg(r.name) from ${userRoles} ur join ${roles} r on r.id = ur.role_id where ur.user_id = ${userId}), '[]'::json)`,
    companySlug: companyProfiles.slug,
    companyName: companyProfiles.companyName,
    companyVerified: companyProfiles.verified,
  };
}

type ProfileRow = {
  username: string | null;
  avatarUrl: string | null;
  profileRole: "creator" | "company" | null;
  roles: string[];
  companySlug: string | null;
  companyName: string | null;
  companyVerified: boolean | null;
};

function actorFrom(
  who: { userId: string; sessionId: string; email: string; emailVerified: boolean },
  row: ProfileRow | undefined,
): NonNullable<Actor> {
  const company =
    row?.profileRole === "company" && row.companySlug !== null && row.companyName !== null && row.companyVerified !== null
      ? { slug: row.companySlug, companyName: row.companyName, verified: row.companyVerified }
      : null;
  return {
    ...who,
    company,
    username: row?.username ?? null,
    avatarUrl: row?.avatarUrl ?? null,
    profileRole: row?.profileRole ?? null,
    roles: row?.roles ?? [],
  };
}

type SessionConfig = { cookieName: string; secret: string; expiresInMs: number; updateAgeMs: number };
const configs = new WeakMap<Auth, Promise<SessionConfig>>();

/** The session cookie's name (with its __Secure- prefix on https), the secret and the session ages, once per auth. */
function sessionConfig(auth: Auth): Promise<SessionConfig> {
  let config = configs.get(auth);
  if (!config) {
    config = auth.$context.then((ctx) => ({
      cookieName: ctx.authCookies.sessionToken.name,
      secret: ctx.secret,
      expiresInMs: ctx.sessionConfig.expiresIn * 1000,
      updateAgeMs: ctx.sessionConfig.updateAge * 1000,
    }));
    configs.set(auth, config);
  }
  return config;
}

const SIGNATURE = /^[A-Za-z0-9+/]{43}=$/;

/**
 * The session token of a Cookie header whose session cookie carries a valid signature; null when it carries
 * none or a wrong one; "unsure" for anything unusual (the cookie twice, quoted, badly encoded), which
 * better-auth then reads itself. better-auth writes the cookie as encodeURIComponent(`${token}.${base64 HMAC}`).
 */
export function signedSessionToken(cookieHeader: string, config: Pick<SessionConfig, "cookieName" | "secret">): string | null | "unsure" {
  let value: string | null = null;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1 || part.slice(0, eq).trim() !== config.cookieName) continue;
    if (value !== null) return "unsure";
    value = part.slice(eq + 1).trim();
  }
  if (value === null) return null;
  if (value.startsWith('"')) return "unsure";
  let decoded: string;
  try {
    decoded = value.includes("%") ? decodeURIComponent(value) : value;
  } catch {
    return "unsure";
  }
  const dot = decoded.lastIndexOf(".");
  if (dot < 1) return null;
  const token = decoded.slice(0, dot);
  const signature = decoded.slice(dot + 1);
  if (!SIGNATURE.test(signature)) return signature.length === 44 && signature.endsWith("=") ? "unsure" : null;
  const expected = createHmac("sha256", config.secret).update(token).digest();
  return timingSafeEqual(expected, Buffer.from(signature, "base64")) ? token : null;
}
