import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "#tests/support/db";
import { createCompany, createUser } from "#server/db/factories";
import { accounts, mailOutbox, profiles, sessions } from "#server/db/schema";
import { readEnv } from "#server/env";
import { createLogger } from "#server/platform/logger";
import { createServices, type Services } from "#server/services";
import { DomainError } from "#server/modules/errors";
import type { Actor } from "./actor";
import { loadActor } from "./load-actor";

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return "no error";
  } catch (e) {
    return e instanceof DomainError ? e.code : String(e);
  }
};

/** Sign-in methods, password, email and sessions: the operations that go through better-auth. */
describe("accounts: security and sign-in methods", () => {
  let services: Services;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "security-test-"));
    const env = readEnv({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
      JOBS: "false",
      SEED_DEMO: "false",
      DISCORD_CLIENT_ID: "discord-id",
      DISCORD_CLIENT_SECRET: "discord-secret",
    });
    services = await createServices(env, createLogger("silent"), { database: await testDatabase() });
  });
  afterAll(async () => {
    await services.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Signs in through better-auth and answers the request headers of that browser, and its actor. */
  async function session(email: string, password: string, userAgent = "Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0") {
    const { headers } = await services.auth.api.signInEmail({
      body: { email, password },
      headers: new Headers({ "user-agent": userAgent }),
      returnHeaders: true,
    });
    const cookie = headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const h = new Headers({ cookie, "user-agent": userAgent });
    const actor = await loadActor(services, h);
    return { headers: h, actor: actor! };
  }

  it("builds the actor with the profile, the roles and a company's name; a missing profile row still keeps the roles", async () => {
    const mod = await createUser(services.db, { username: "actor_mod", roles: ["Moderator", "Admin"] });
    const withProfile = (await session(mod.email, mod.password)).actor;
    expect(withProfile).toMatchObject({ userId: mod.id, username: "actor_mod", profileRole: "creator", company: null });
    expect([...withProfile!.roles].sort()).toEqual(["Admin", "Moderator"]);

    const studio = await createCompany(services.db, { username: "actor_studio", companyName: "Actor Studio", verified: true });
    expect((await session(studio.email, studio.password)).actor).toMatchObject({
      profileRole: "company",
      roles: [],
      company: { slug: "actor-studio", companyName: "Actor Studio", verified: true },
    });

    await services.db.delete(profiles).where(eq(profiles.id, mod.id));
    const bare = (await session(mod.email, mod.password)).actor;
    expect(bare).toMatchObject({ userId: mod.id, username: null, avatarUrl: null, profileRole: null, company: null });
    expect([...bare!.roles].sort()).toEqual(["Admin", "Moderator"]);
  });

  it("refuses a visitor for every operation", async () => {
    const req = { headers: new Headers() };
    const a = services.accounts;
    const none: Actor = null;
    for (const p of [
      a.listSignInMethods(none, req),
      a.linkSignInMethod(none, { provider: "discord" }, req),
      a.unlinkSignInMethod(none, { accountId: "x" }, req),
      a.changeEmail(none, { newEmail: "x@example.test" }, req),
      a.changePassword(none, { currentPassword: "a", newPassword: "bbbbbb", confirmPassword: "bbbbbb" }, req),
      a.listSessions(none),
      a.revokeSession(none, { sessionId: "x" }, req),
      a.revokeOtherSessions(none, req),
    ]) {
      expect(await codeOf(p)).toBe("auth.unauthenticated");
    }
  });

  it("a person sees and revokes only their own sessions", async () => {
    const me = await createUser(services.db, { password: "my-password-1" });
    const other = await createUser(services.db, { password: "other-password-1" });
    const laptop = await session(me.email, me.password);
    const phone = await session(me.email, me.password, "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1");
    const theirs = await session(other.email, other.password);

    const mine = await services.accounts.listSessions(laptop.actor);
    expect(mine.map((s) => s.id).sort()).toEqual([laptop.actor.sessionId, phone.actor.sessionId].sort());
    expect(mine[0]).toMatchObject({ id: laptop.actor.sessionId, current: true });
    expect(mine.map((s) => s.id)).not.toContain(theirs.actor.sessionId);

    // Someone else's session: refused, and it stays valid.
    expect(await codeOf(services.accounts.revokeSession(laptop.actor, { sessionId: theirs.actor.sessionId! }, laptop))).toBe(
      "auth.forbidden",
    );
    expect(await codeOf(services.accounts.revokeSession(laptop.actor, { sessionId: "no-such-session" }, laptop))).toBe("not_found");
    expect(await loadActor(services, theirs.headers)).not.toBeNull();

    await services.accounts.revokeSession(laptop.actor, { sessionId: phone.actor.sessionId! }, laptop);
    expect(await loadActor(services, phone.headers)).toBeNull();
    expect(await loadActor(services, laptop.headers)).not.toBeNull();
  });

  it("signs out everywhere else, keeping this session and other people's", async () => {
    const me = await createUser(services.db, { password: "my-password-2" });
    const other = await createUser(services.db, { password: "other-password-2" });
    const a = await session(me.email, me.password);
    const b = await session(me.email, me.password);
    const theirs = await session(other.email, other.password);
    await services.accounts.revokeOtherSessions(a.actor, a);
    expect(await loadActor(services, a.headers)).not.toBeNull();
    expect(await loadActor(services, b.headers)).toBeNull();
    expect(await loadActor(services, theirs.headers)).not.toBeNull();
  });

  it("changes the password: checks the confirmation, the length and the current one; other sessions end", async () => {
    const me = await createUser(services.db, { password: "old-password" });
    const a = await session(me.email, me.password);
    const b = await session(me.email, me.password);
    const change = (input: { currentPassword: string; newPassword: string; confirmPassword: string }) =>
      services.accounts.changePassword(a.actor, input, a);
    expect(await codeOf(change({ currentPassword: "old-password", newPassword: "new-password", confirmPassword: "other" }))).toBe(
      "auth.password_mismatch",
    );
    expect(await codeOf(change({ currentPassword: "old-password", newPassword: "short", confirmPassword: "short" }))).toBe(
      "auth.password_too_short",
    );
    expect(await codeOf(change({ currentPassword: "old-password", newPassword: "iloveyou", confirmPassword: "iloveyou" }))).toBe(
      "auth.password_common",
    );
    expect(await codeOf(change({ currentPassword: "wrong-password", newPassword: "new-password", confirmPassword: "new-password" }))).toBe(
      "accounts.password_wrong",
    );
    const { headers } = await change({ currentPassword: "old-password", newPassword: "new-password", confirmPassword: "new-password" });
    expect(headers.getSetCookie().join()).toContain("session_token=");
    expect(await loadActor(services, b.headers)).toBeNull();
    expect(await codeOf(services.auth.api.signInEmail({ body: { email: me.email, password: "new-password" } }))).toBe("no error");
  });

  it("changes the email: refuses the same address; a verified account gets a link at the new one", async () => {
    const me = await createUser(services.db, { password: "email-password" });
    const a = await session(me.email, me.password);
    expect(await codeOf(services.accounts.changeEmail(a.actor, { newEmail: me.email.toUpperCase() }, a))).toBe("accounts.email_same");
    expect(await codeOf(services.accounts.changeEmail(a.actor, { newEmail: "not-an-email" }, a))).toBe("input.invalid");
    const out = await services.accounts.changeEmail(a.actor, { newEmail: `new-${me.email}` }, a);
    expect(out.immediate).toBe(false);
    const [mail] = await services.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail).toMatchObject({ to: `new-${me.email}`, template: "change-email" });
  });

  it("lists sign-in methods, links a configured provider, and never unlinks the last method", async () => {
    const me = await createUser(services.db, { password: "links-password" });
    const a = await session(me.email, me.password);
    const methods = await services.accounts.listSignInMethods(a.actor, a);
    expect(methods).toMatchObject({ hasPassword: true, linked: [], available: ["discord"] });
    expect(await codeOf(services.accounts.linkSignInMethod(a.actor, { provider: "google" }, a))).toBe("auth.sso_unavailable");
    const link = await services.accounts.linkSignInMethod(a.actor, { provider: "discord" }, a);
    expect(link.url).toMatch(/^https:\/\/discord\.com\//);

    const [cred] = await services.db.select().from(accounts).where(eq(accounts.userId, me.id));
    expect(await codeOf(services.accounts.unlinkSignInMethod(a.actor, { accountId: cred.id }, a))).toBe("accounts.last_sign_in_method");
    await services.db.insert(accounts).values({ id: `disc-${me.id}`, accountId: "d-1", providerId: "discord", userId: me.id });
    expect((await services.accounts.listSignInMethods(a.actor, a)).linked).toEqual([
      expect.objectContaining({ id: `disc-${me.id}`, providerId: "discord" }),
    ]);
    // Someone else's linked account cannot be unlinked by me.
    const other = await createUser(services.db);
    await services.db.insert(accounts).values({ id: `disc-${other.id}`, accountId: "d-2", providerId: "discord", userId: other.id });
    expect(await codeOf(services.accounts.unlinkSignInMethod(a.actor, { accountId: `disc-${other.id}` }, a))).toBe("not_found");
    await services.accounts.unlinkSignInMethod(a.actor, { accountId: `disc-${me.id}` }, a);
    expect(await services.db.select().from(accounts).where(eq(accounts.userId, me.id))).toHaveLength(1);
    expect(await services.db.select().from(accounts).where(eq(accounts.userId, other.id))).toHaveLength(2);
    expect(await codeOf(services.accounts.unlinkSignInMethod(a.actor, { accountId: cred.id }, a))).toBe("accounts.last_sign_in_method");
  });

  it("keeps no session rows of a deleted account", async () => {
    const me = await createUser(services.db, { password: "delete-password" });
    const a = await session(me.email, me.password);
    await services.accounts.deleteAccount(a.actor, { password: "delete-password" });
    expect(await services.db.select().from(sessions).where(eq(sessions.userId, me.id))).toHaveLength(0);
    expect(await loadActor(services, a.headers)).toBeNull();
  });
});
