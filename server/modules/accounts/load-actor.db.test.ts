import { createHmac } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "#tests/support/db";
import { createCompany, createUser } from "#server/db/factories";
import { sessions, users } from "#server/db/schema";
import { countStatements } from "#server/db/statement-count";
import { readEnv } from "#server/env";
import { createLogger } from "#server/platform/logger";
import { createServices, type Services } from "#server/services";
import { loadActor, signedSessionToken } from "./load-actor";

const SECRET = "test-secret-test-secret-test-secret-0123";
const COOKIE = "better-auth.session_token";
const DAY = 24 * 3600_000;

/**
 * The actor of a request is read in one statement when the session cookie is plainly good; everything else
 * goes through better-auth. Each case here is answered by both, and the answers must agree.
 */
describe("loading the actor of a request", () => {
  let services: Services;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "load-actor-test-"));
    const env = readEnv({ NODE_ENV: "test", DATA_DIR: dataDir, AUTH_SECRET: SECRET, JOBS: "false", SEED_DEMO: "false" });
    services = await createServices(env, createLogger("silent"), { database: await testDatabase() });
  });
  afterAll(async () => {
    await services.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Signs in; answers the browser's cookie value and token. */
  async function signIn(email: string, password: string) {
    const { headers } = await services.auth.api.signInEmail({ body: { email, password }, returnHeaders: true });
    const pair = headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .find((c) => c.startsWith(`${COOKIE}=`))!;
    const value = pair.slice(COOKIE.length + 1);
    return { value, token: decodeURIComponent(value).split(".")[0] };
  }
  const withCookie = (cookie: string) => new Headers({ cookie });
  /** better-auth's own reading of the same headers (without side effects on a good session). */
  const betterAuthSays = async (cookie: string) => {
    const s = await services.auth.api.getSession({ headers: withCookie(cookie), query: { disableRefresh: true } }).catch(() => null);
    return s ? { userId: s.user.id, sessionId: s.session.id, email: s.user.email, emailVerified: s.user.emailVerified } : null;
  };
  const sign = (token: string) => encodeURIComponent(`${token}.${createHmac("sha256", SECRET).update(token).digest("base64")}`);

  it("reads a good session in one statement, with the profile, roles and company, as better-auth would", async () => {
    const studio = await createCompany(services.db, { username: "load_studio", companyName: "Load Studio", verified: true });
    const { value } = await signIn(studio.email, studio.password);
    const cookie = `lng=es; ${COOKIE}=${value}; theme=dark`;
    const { result: actor, statements } = await countStatements(() => loadActor(services, withCookie(cookie)));
    expect(statements).toBe(1);
    expect(actor).toMatchObject({
      ...(await betterAuthSays(cookie)),
      username: "load_studio",
      profileRole: "company",
      company: { slug: expect.any(String), companyName: "Load Studio", verified: true },
    });

    const mod = await createUser(services.db, { username: "load_mod", roles: ["Moderator"] });
    const modCookie = `${COOKIE}=${(await signIn(mod.email, mod.password)).value}`;
    expect(await loadActor(services, withCookie(modCookie))).toMatchObject({ ...(await betterAuthSays(modCookie)), roles: ["Moderator"] });
  });

  it("refuses what better-auth refuses: a changed signature or token, an unknown token, a signature of the wrong shape", async () => {
    const me = await createUser(services.db, {});
    const { value, token } = await signIn(me.email, me.password);
    const raw = decodeURIComponent(value);
    const sig = raw.slice(raw.lastIndexOf(".") + 1);
    const flipped = sig[0] === "A" ? `B${sig.slice(1)}` : `A${sig.slice(1)}`;
    const cases = [
      `${COOKIE}=${encodeURIComponent(`${token}.${flipped}`)}`,
      `${COOKIE}=${encodeURIComponent(`${token}x.${sig}`)}`,
      `${COOKIE}=${sign("no-such-session-token")}`,
      `${COOKIE}=${encodeURIComponent(`${token}.${sig.slice(0, 40)}`)}`,
      `${COOKIE}=${encodeURIComponent(`${token}.${sig.slice(0, 43)}A`)}`,
      `${COOKIE}=${token}`,
      `${COOKIE}=.${sig}`,
      `${COOKIE}=`,
      `__Secure-${COOKIE}=${value}`,
      `other_session_token=${value}`,
    ];
    for (const cookie of cases) {
      expect(await betterAuthSays(cookie), cookie).toBeNull();
      expect(await loadActor(services, withCookie(cookie)), cookie).toBeNull();
    }
  });

  it("leaves unusual cookies to better-auth, and agrees with it: twice, quoted, unencoded, badly encoded", async () => {
    const me = await createUser(services.db, {});
    const { value } = await signIn(me.email, me.password);
    const raw = decodeURIComponent(value);
    const cases = [
      `${COOKIE}=${value}; ${COOKIE}=${sign("no-such-session-token")}`,
      `${COOKIE}=${sign("no-such-session-token")}; ${COOKIE}=${value}`,
      `${COOKIE}="${value}"`,
      `${COOKIE}=${raw}`,
      `${COOKIE}=${value}%E0%A4%A`,
      ` ${COOKIE} = ${value} `,
    ];
    for (const cookie of cases) {
      const says = await betterAuthSays(cookie);
      const actor = await loadActor(services, withCookie(cookie));
      expect(
        actor ? { userId: actor.userId, sessionId: actor.sessionId, email: actor.email, emailVerified: actor.emailVerified } : null,
        cookie,
      ).toEqual(says);
    }
    expect(signedSessionToken(`${COOKIE}=${value}; ${COOKIE}=${value}`, { cookieName: COOKIE, secret: SECRET })).toBe("unsure");
    expect(signedSessionToken(`${COOKIE}=${raw}`, { cookieName: COOKIE, secret: SECRET })).toBe(raw.split(".")[0]);
  });

  it("lets better-auth delete an expired session, and extend one that is due, whose new cookie the response carries", async () => {
    const me = await createUser(services.db, {});
    const expired = await signIn(me.email, me.password);
    await services.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, expired.token));
    expect(await loadActor(services, withCookie(`${COOKIE}=${expired.value}`))).toBeNull();
    expect(await services.db.select().from(sessions).where(eq(sessions.token, expired.token))).toHaveLength(0);

    // 30-day sessions are extended once a day: this one was made a day and a minute ago.
    const due = await signIn(me.email, me.password);
    const old = new Date(Date.now() + 29 * DAY - 60_000);
    await services.db.update(sessions).set({ expiresAt: old }).where(eq(sessions.token, due.token));
    let given: string[] = [];
    const actor = await loadActor(services, withCookie(`${COOKIE}=${due.value}`), (c) => (given = c));
    expect(actor?.userId).toBe(me.id);
    expect(given.join("\n")).toMatch(new RegExp(`^${COOKIE.replace(".", "\\.")}=.*Max-Age=${30 * 24 * 3600}`, "m"));
    const [row] = await services.db.select().from(sessions).where(eq(sessions.token, due.token));
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);

    // Not due yet: read only, nothing written, no cookie.
    let more: string[] = [];
    const { statements } = await countStatements(() => loadActor(services, withCookie(`${COOKIE}=${due.value}`), (c) => (more = c)));
    expect(statements).toBe(1);
    expect(more).toEqual([]);
  });

  it("answers no one once the user is gone or the session revoked", async () => {
    const me = await createUser(services.db, {});
    const a = await signIn(me.email, me.password);
    const b = await signIn(me.email, me.password);
    await services.db.delete(sessions).where(eq(sessions.token, a.token));
    expect(await loadActor(services, withCookie(`${COOKIE}=${a.value}`))).toBeNull();
    expect(await loadActor(services, withCookie(`${COOKIE}=${b.value}`))).not.toBeNull();
    await services.db.delete(users).where(eq(users.id, me.id));
    expect(await loadActor(services, withCookie(`${COOKIE}=${b.value}`))).toBeNull();
  });
});
