import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, testApp, type TestApp } from "#tests/support/app";
import { createUser } from "#server/db/factories";
import { sessions } from "#server/db/schema";
import { SESSION_DAYS } from "#server/platform/auth";

/**
 * A session is extended once a day while it is used (better-auth's updateAge); the page that extends it sends
 * the session cookie again, so the browser keeps it as long as the session itself lasts.
 */
let t: TestApp;
const DAY = 24 * 3600_000;
const sessionCookie = (res: Response) => res.headers.getSetCookie().find((c) => c.includes("session_token="));

beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

describe("a session in use", () => {
  it("is sent again when it is extended, and not on the other pages", async () => {
    const me = await createUser(t.services.db, { password: "extend-pass-1" });
    const cookie = await signIn(t, me.email, "extend-pass-1");
    const plain = await t.request("/en/account", { cookie });
    expect(plain.status).toBe(200);
    expect(sessionCookie(plain)).toBeUndefined();

    // A day and a minute after it was last extended.
    await t.services.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + (SESSION_DAYS - 1) * DAY - 60_000) })
      .where(eq(sessions.userId, me.id));
    const due = await t.request("/en/account", { cookie });
    expect(due.status).toBe(200);
    expect(sessionCookie(due)).toMatch(new RegExp(`Max-Age=${SESSION_DAYS * 24 * 3600}`));
    const [row] = await t.services.db.select().from(sessions).where(eq(sessions.userId, me.id));
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + (SESSION_DAYS - 1) * DAY);
    expect(sessionCookie(await t.request("/en/account", { cookie }))).toBeUndefined();
  });

  it("does not come back on the response that ends it (signing this device out from the security tab)", async () => {
    const me = await createUser(t.services.db, { password: "extend-pass-2" });
    const cookie = await signIn(t, me.email, "extend-pass-2");
    await t.services.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + (SESSION_DAYS - 1) * DAY - 60_000) })
      .where(eq(sessions.userId, me.id));
    const [current] = await t.services.db.select().from(sessions).where(eq(sessions.userId, me.id));
    const out = await t.request("/en/account/security", {
      method: "POST",
      cookie,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "revoke", sessionId: current.id }).toString(),
    });
    expect(out.status).toBe(302);
    const set = out.headers.getSetCookie().filter((c) => c.includes("session_token="));
    expect(set.length).toBeGreaterThan(0);
    for (const c of set) expect(c).toMatch(/Max-Age=0/);
    expect(await t.services.db.select().from(sessions).where(eq(sessions.userId, me.id))).toHaveLength(0);
  });
});
