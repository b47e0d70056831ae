import { mkdtempSync, rmSync, existsSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testActor } from "#tests/support/actors";
import { testDatabase } from "#tests/support/db";
import { createCompany, createUser } from "#server/db/factories";
import type { DatabaseHandle } from "#server/db/client";
import { accounts, auditLog, profiles, sessions, userRoles, users } from "#server/db/schema";
import { createLogger } from "#server/platform/logger";
import { LocalStorage, type Storage } from "#server/platform/storage";
import { DomainError } from "#server/modules/errors";
import type { Actor } from "./actor";
import { changeUsername, nextUsernameChange } from "./change-username";
import { checkUsernameAvailability } from "./check-username-availability";
import { deleteAccount } from "./delete-account";
import { exportAccountData } from "./export-account-data";
import { getAccountSettings } from "./get-account-settings";
import { getPublicProfile } from "./get-public-profile";
import { listSessions } from "./list-sessions";
import { removeAvatar } from "./remove-avatar";
import { updateProfile } from "./update-profile";
import { uploadAvatar } from "./upload-avatar";
import { USERNAME_CHANGE_DAYS } from "./username";
import { exportSectionsOf } from "#server/modules/accounts";
import { AREAS } from "#server/modules/areas";

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return "no error";
  } catch (e) {
    return e instanceof DomainError ? e.code : String(e);
  }
};
const errorOf = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e as DomainError;
  }
  throw new Error("expected a refusal");
};

const png = (w = 800, h = 600, color = { r: 200, g: 40, b: 90 }) =>
  sharp({ create: { width: w, height: h, channels: 3, background: color } })
    .png()
    .toBuffer()
    .then((b) => new Uint8Array(b));

describe("accounts: profiles", () => {
  let database: DatabaseHandle;
  let storage: Storage;
  let uploads: string;
  const log = createLogger("silent");
  const deps = () => ({ db: database.db, storage, log });
  const actorOf = (u: { id: string; email: string; username: string }, over: Partial<NonNullable<Actor>> = {}) =>
    testActor({ userId: u.id, email: u.email, username: u.username, ...over });

  beforeAll(async () => {
    database = await testDatabase();
    uploads = mkdtempSync(join(tmpdir(), "avatars-"));
    storage = new LocalStorage(uploads);
  });
  afterAll(async () => {
    await database.close();
    rmSync(uploads, { recursive: true, force: true });
  });

  describe("someone else's account", () => {
    it("refuses every mutation aimed at another person's account, staff included, and changes nothing", async () => {
      const victim = await createUser(database.db, { username: "Victim_Person", password: "victim-pass", bio: "victim bio" });
      const avatar = await uploadAvatar(deps(), actorOf(victim), { bytes: await png(64, 64) });
      const attacker = await createUser(database.db);
      for (const who of [actorOf(attacker), actorOf(attacker, { roles: ["Admin"] }), actorOf(attacker, { roles: ["Moderator"] })]) {
        const target = { userId: victim.id };
        expect(await codeOf(changeUsername(deps(), who, { username: "Stolen_Name", ...target }))).toBe("auth.forbidden");
        expect(await codeOf(updateProfile(deps(), who, { bio: "hacked", ...target }))).toBe("auth.forbidden");
        expect(await codeOf(uploadAvatar(deps(), who, { bytes: await png(32, 32), ...target }))).toBe("auth.forbidden");
        expect(await codeOf(removeAvatar(deps(), who, target))).toBe("auth.forbidden");
        expect(await codeOf(deleteAccount(deps(), who, { password: "victim-pass", ...target }))).toBe("auth.forbidden");
        expect(await codeOf(exportAccountData(deps(), who, {}, target))).toBe("auth.forbidden");
      }
      // A visitor naming the account is refused as a visitor.
      expect(await codeOf(updateProfile(deps(), null, { bio: "hacked", userId: victim.id }))).toBe("auth.unauthenticated");
      expect(await codeOf(removeAvatar(deps(), null, { userId: victim.id }))).toBe("auth.unauthenticated");
      const [row] = await database.db.select().from(profiles).where(eq(profiles.id, victim.id));
      expect(row).toMatchObject({ username: "Victim_Person", bio: "victim bio", avatarUrl: avatar.avatarUrl });
      expect(existsSync(join(uploads, avatar.avatarUrl.slice("/media/".length)))).toBe(true);
      expect(await database.db.select().from(users).where(eq(users.id, victim.id))).toHaveLength(1);
      // Naming one's own account is the same as naming none.
      expect(await codeOf(updateProfile(deps(), actorOf(victim), { bio: "mine again", userId: victim.id }))).toBe("no error");
    });
  });

  describe("checkUsernameAvailability", () => {
    it("refuses a visitor", async () => {
      expect(await codeOf(checkUsernameAvailability(deps(), null, { username: "whoever" }))).toBe("auth.unauthenticated");
    });

    it("answers invalid, reserved, taken (ignoring case) and free, and one's own name is available", async () => {
      const me = await createUser(database.db, { username: "Avail_Me" });
      await createUser(database.db, { username: "Taken_Name" });
      const a = actorOf(me);
      expect(await checkUsernameAvailability(deps(), a, { username: "ab" })).toEqual({
        available: false,
        problem: "accounts.username_invalid",
      });
      expect(await checkUsernameAvailability(deps(), a, { username: "no spaces" })).toEqual({
        available: false,
        problem: "accounts.username_invalid",
      });
      expect(await checkUsernameAvailability(deps(), a, { username: "x".repeat(31) })).toEqual({
        available: false,
        problem: "accounts.username_invalid",
      });
      expect(await checkUsernameAvailability(deps(), a, { username: "Admin" })).toEqual({
        available: false,
        problem: "accounts.username_reserved",
      });
      expect(await checkUsernameAvailability(deps(), a, { username: "taken_name" })).toEqual({
        available: false,
        problem: "accounts.username_taken",
      });
      expect(await checkUsernameAvailability(deps(), a, { username: "avail_me" })).toEqual({ available: true });
      expect(await checkUsernameAvailability(deps(), a, { username: "brand-new_1" })).toEqual({ available: true });
    });
  });

  describe("changeUsername", () => {
    it("refuses a visitor", async () => {
      expect(await codeOf(changeUsername(deps(), null, { username: "whatever" }))).toBe("auth.unauthenticated");
    });

    it("changes only the actor's own name: another user's row is never touched", async () => {
      const me = await createUser(database.db);
      const other = await createUser(database.db);
      await changeUsername(deps(), actorOf(me), { username: `mine_${Date.now().toString(36)}` });
      const [row] = await database.db.select().from(profiles).where(eq(profiles.id, other.id));
      expect(row.username).toBe(other.username);
      expect(row.usernameChangedAt).toBeNull();
    });

    it("applies the rules, sets usernameChangedAt, and allows the next change 30 days later", async () => {
      const me = await createUser(database.db);
      const a = actorOf(me);
      await createUser(database.db, { username: "Occupied" });
      expect(await codeOf(changeUsername(deps(), a, { username: "a!" }))).toBe("accounts.username_invalid");
      expect(await codeOf(changeUsername(deps(), a, { username: "ROOT" }))).toBe("accounts.username_reserved");
      expect(await codeOf(changeUsername(deps(), a, { username: "occupied" }))).toBe("accounts.username_taken");
      const t0 = new Date("2026-01-01T10:00:00Z");
      // The first change is allowed at any time.
      await changeUsername(deps(), a, { username: "First-Name" }, t0);
      const [row] = await database.db.select().from(profiles).where(eq(profiles.id, me.id));
      expect(row.username).toBe("First-Name");
      expect(row.usernameChangedAt?.toISOString()).toBe(t0.toISOString());
      const soon = await errorOf(changeUsername(deps(), a, { username: "Second-Name" }, new Date("2026-01-20T10:00:00Z")));
      expect(soon.code).toBe("accounts.username_too_soon");
      expect(soon.details).toEqual({ date: new Date(t0.getTime() + USERNAME_CHANGE_DAYS * 86400_000).toISOString() });
      await changeUsername(deps(), a, { username: "Second-Name" }, new Date("2026-01-31T10:00:01Z"));
      const [after] = await database.db.select().from(profiles).where(eq(profiles.id, me.id));
      expect(after.username).toBe("Second-Name");
      const audit = await database.db.select().from(auditLog).where(eq(auditLog.targetId, me.id));
      expect(audit.map((r) => r.action)).toEqual(["profile.username_changed", "profile.username_changed"]);
    });

    it("keeps the same name without counting a change", async () => {
      const me = await createUser(database.db, { username: "Same_Name" });
      await changeUsername(deps(), actorOf(me), { username: "Same_Name" });
      const [row] = await database.db.select().from(profiles).where(eq(profiles.id, me.id));
      expect(row.usernameChangedAt).toBeNull();
    });

    it("maps the unique-index violation of a race to username_taken", async () => {
      const racers = await Promise.all([createUser(database.db), createUser(database.db)]);
      const codes = await Promise.all(racers.map((r) => codeOf(changeUsername(deps(), actorOf(r), { username: "Raced_Name" }))));
      expect(codes.sort()).toEqual(["accounts.username_taken", "no error"]);
    });

    it("nextUsernameChange: null when free, the date when not", () => {
      expect(nextUsernameChange(null)).toBeNull();
      const at = new Date("2026-03-01T00:00:00Z");
      expect(nextUsernameChange(at, new Date("2026-03-02T00:00:00Z"))?.toISOString()).toBe("2026-03-31T00:00:00.000Z");
      expect(nextUsernameChange(at, new Date("2026-04-01T00:00:00Z"))).toBeNull();
    });
  });

  describe("updateProfile", () => {
    it("refuses a visitor", async () => {
      expect(await codeOf(updateProfile(deps(), null, { bio: "hi" }))).toBe("auth.unauthenticated");
    });

    it("updates bio, links, email visibility and language of the actor only", async () => {
      const me = await createUser(database.db);
      const other = await createUser(database.db, { bio: "untouched" });
      const out = await updateProfile(deps(), actorOf(me), {
        bio: "  I make <b>games</b>  ",
        showEmail: true,
        locale: "en",
        socialLinks: {
          youtube: "https://www.youtube.com/@me",
          twitch: "https://twitch.tv/me",
          x: "https://twitter.com/me",
          instagram: "https://instagram.com/me",
          tiktok: "https://www.tiktok.com/@me",
          website: "https://example.org/",
        },
      });
      expect(out.bio).toBe("I make <b>games</b>");
      expect(out.showEmail).toBe(true);
      expect(out.locale).toBe("en");
      expect(Object.keys(out.socialLinks).sort()).toEqual(["instagram", "tiktok", "twitch", "website", "x", "youtube"]);
      const [o] = await database.db.select().from(profiles).where(eq(profiles.id, other.id));
      expect(o.bio).toBe("untouched");
      // Empty values remove links; left-out fields stay.
      const again = await updateProfile(deps(), actorOf(me), { socialLinks: { youtube: "https://youtu.be/abc", website: "" } });
      expect(again.socialLinks).toEqual({ youtube: "https://youtu.be/abc" });
      expect(again.bio).toBe("I make <b>games</b>");
    });

    it("refuses links off their site, non-https and script URLs, naming the field", async () => {
      const me = await createUser(database.db);
      for (const [field, url] of [
        ["youtube", "https://evil.example/youtube.com"],
        ["youtube", "http://youtube.com/@me"],
        ["twitch", "https://twitch.tv.evil.example/me"],
        ["x", "javascript:alert(1)"],
        ["instagram", "https://notinstagram.com/me"],
        ["tiktok", "tiktok.com/@me"],
        ["website", "http://example.org"],
        ["website", "https://user:pass@example.org"],
      ] as const) {
        const err = await errorOf(updateProfile(deps(), actorOf(me), { socialLinks: { [field]: url } }));
        expect(err.code, `${field} ${url}`).toBe("accounts.link_invalid");
        expect(err.details).toEqual({ field });
      }
      expect(await codeOf(updateProfile(deps(), actorOf(me), { socialLinks: { myspace: "https://myspace.com/x" } }))).toBe("input.invalid");
    });

    it("refuses a bio over 500 characters and an unknown language", async () => {
      const me = await createUser(database.db);
      expect(await codeOf(updateProfile(deps(), actorOf(me), { bio: "x".repeat(501) }))).toBe("input.invalid");
      expect(await codeOf(updateProfile(deps(), actorOf(me), { bio: "x".repeat(500) }))).toBe("no error");
      expect(await codeOf(updateProfile(deps(), actorOf(me), { locale: "fr" }))).toBe("input.invalid");
      expect(await codeOf(updateProfile(deps(), actorOf(me), { showEmail: "yes" }))).toBe("input.invalid");
    });
  });

  describe("uploadAvatar and removeAvatar", () => {
    const fileOf = (url: string) => join(uploads, url.slice("/media/".length));

    it("refuses a visitor", async () => {
      expect(await codeOf(uploadAvatar(deps(), null, { bytes: await png() }))).toBe("auth.unauthenticated");
      expect(await codeOf(removeAvatar(deps(), null))).toBe("auth.unauthenticated");
    });

    it("re-encodes a PNG to a 512×512 WebP under a hashed key, and replaces the previous file", async () => {
      const me = await createUser(database.db);
      const first = await uploadAvatar(deps(), actorOf(me), { bytes: await png(1200, 700) });
      expect(first.avatarUrl).toMatch(new RegExp(`^/media/avatars/${me.id}/[0-9a-f]{16}\\.webp$`));
      const meta = await sharp(readFileSync(fileOf(first.avatarUrl))).metadata();
      expect(meta).toMatchObject({ format: "webp", width: 512, height: 512 });
      expect(first.bytes).toBeLessThan(2 * 1024 * 1024);
      const second = await uploadAvatar(deps(), actorOf(me), { bytes: await png(600, 600, { r: 10, g: 200, b: 30 }) });
      expect(second.avatarUrl).not.toBe(first.avatarUrl);
      expect(existsSync(fileOf(first.avatarUrl))).toBe(false);
      expect(existsSync(fileOf(second.avatarUrl))).toBe(true);
      const [row] = await database.db.select().from(profiles).where(eq(profiles.id, me.id));
      expect(row.avatarUrl).toBe(second.avatarUrl);
      // Another person's avatar is not touched by my upload.
      const other = await createUser(database.db);
      const theirs = await uploadAvatar(deps(), actorOf(other), { bytes: await png(300, 300) });
      await removeAvatar(deps(), actorOf(me));
      expect(existsSync(fileOf(second.avatarUrl))).toBe(false);
      expect(existsSync(fileOf(theirs.avatarUrl))).toBe(true);
      const [gone] = await database.db.select().from(profiles).where(eq(profiles.id, me.id));
      expect(gone.avatarUrl).toBeNull();
    });

    it("leaves the rendered character's picture in storage when an upload replaces it or the picture is removed", async () => {
      const me = await createUser(database.db);
      const rendered = `avatars/rendered/${me.id}/r1-abc.png`;
      const url = await deps().storage.put(rendered, await png(64, 64));
      await database.db.update(profiles).set({ avatarUrl: url }).where(eq(profiles.id, me.id));
      await uploadAvatar(deps(), actorOf(me), { bytes: await png(200, 200) });
      expect(existsSync(fileOf(url))).toBe(true);
      await database.db.update(profiles).set({ avatarUrl: url }).where(eq(profiles.id, me.id));
      await removeAvatar(deps(), actorOf(me));
      expect(existsSync(fileOf(url))).toBe(true);
    });

    it("judges by content: a JPEG and a WebP are accepted whatever their name; text, SVG and GIF are refused", async () => {
      const me = await createUser(database.db);
      const jpeg = new Uint8Array(
        await sharp({ create: { width: 100, height: 80, channels: 3, background: "#336699" } })
          .jpeg()
          .toBuffer(),
      );
      const webp = new Uint8Array(
        await sharp({ create: { width: 100, height: 80, channels: 3, background: "#996633" } })
          .webp()
          .toBuffer(),
      );
      const gif = new Uint8Array(
        await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
          .gif()
          .toBuffer(),
      );
      const svg = new TextEncoder().encode(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      );
      const text = new TextEncoder().encode("this is not an image, even if it is called avatar.png");
      expect(await codeOf(uploadAvatar(deps(), actorOf(me), { bytes: jpeg }))).toBe("no error");
      expect(await codeOf(uploadAvatar(deps(), actorOf(me), { bytes: webp }))).toBe("no error");
      for (const bytes of [gif, svg, text, new Uint8Array()])
        expect(await codeOf(uploadAvatar(deps(), actorOf(me), { bytes }))).toBe("accounts.avatar_type");
    });

    it("refuses more than 10 MB before decoding", async () => {
      const me = await createUser(database.db);
      const big = new Uint8Array(10 * 1024 * 1024 + 1);
      big.set(await png(10, 10));
      expect(await codeOf(uploadAvatar(deps(), actorOf(me), { bytes: big }))).toBe("accounts.avatar_too_large");
    });

    it("strips metadata (EXIF) from what it stores", async () => {
      const me = await createUser(database.db);
      const withExif = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#888" } })
        .jpeg()
        .withExif({ IFD0: { Copyright: "Secret Camera Owner", Make: "SpyCam" } })
        .toBuffer();
      expect((await sharp(withExif).metadata()).exif).toBeDefined();
      const { avatarUrl } = await uploadAvatar(deps(), actorOf(me), { bytes: new Uint8Array(withExif) });
      const stored = readFileSync(fileOf(avatarUrl));
      const meta = await sharp(stored).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(stored.includes(Buffer.from("SpyCam"))).toBe(false);
    });
  });

  describe("getPublicProfile", () => {
    it("finds a profile by name ignoring case, for anyone; email only when shown; company only when verified", async () => {
      const me = await createUser(database.db, { username: "Public_Person", bio: "hello" });
      const p = await getPublicProfile(deps(), null, { username: "public_PERSON" });
      expect(p).toMatchObject({ username: "Public_Person", bio: "hello", role: "creator", email: null, company: null, socialLinks: {} });
      expect(new Date(p.joinedAt).getTime()).toBeGreaterThan(0);
      await updateProfile(deps(), actorOf(me), { showEmail: true });
      expect((await getPublicProfile(deps(), null, { username: "Public_Person" })).email).toBe(me.email);

      const pending = await createCompany(database.db, { username: "Pending_Co", companyName: "Pending Co", verified: false });
      expect((await getPublicProfile(deps(), null, { username: pending.username })).company).toBeNull();
      const verified = await createCompany(database.db, {
        username: "Verified_Co",
        companyName: "Verified Co",
        slug: "verified-co",
        verified: true,
      });
      expect((await getPublicProfile(deps(), null, { username: verified.username })).company).toEqual({
        name: "Verified Co",
        slug: "verified-co",
      });
    });

    it("answers not_found for an unknown name", async () => {
      expect(await codeOf(getPublicProfile(deps(), null, { username: "nobody_here" }))).toBe("not_found");
      expect(await codeOf(getPublicProfile(deps(), null, { username: "<script>alert(1)</script>" }))).toBe("not_found");
    });
  });

  describe("getAccountSettings", () => {
    it("refuses a visitor and shows the actor's own settings", async () => {
      expect(await codeOf(getAccountSettings(deps(), null))).toBe("auth.unauthenticated");
      const me = await createUser(database.db, { bio: "mine" });
      const s = await getAccountSettings(deps(), actorOf(me));
      expect(s).toMatchObject({ username: me.username, bio: "mine", hasPassword: true, nextUsernameChange: null });
    });
  });

  describe("exportAccountData", () => {
    it("refuses a visitor", async () => {
      expect(await codeOf(exportAccountData(deps(), null))).toBe("auth.unauthenticated");
    });

    it("exports the actor's data in sections, without secrets, and nothing of anyone else", async () => {
      const me = await createUser(database.db, { bio: "export me" });
      const other = await createUser(database.db, { bio: "not me" });
      await database.db.insert(sessions).values({
        id: "s-exp-1",
        token: "secret-session-token-xyz",
        userId: me.id,
        expiresAt: new Date(Date.now() + 86400_000),
        userAgent: "UA",
        ipAddress: "10.0.0.1",
      });
      await changeUsername(deps(), actorOf(me), { username: `exp_${Date.now().toString(36)}` });
      const data = await exportAccountData(deps(), actorOf(me), exportSectionsOf({ areas: AREAS }));
      expect(Object.keys(data.sections).sort()).toEqual([
        "auditLog",
        "campaigns",
        "character",
        "companyProfile",
        "contact",
        "jobBoard",
        "profile",
        "roles",
        "rooms",
        "sessions",
        "signInMethods",
        "user",
      ]);
      expect(data.sections.profile).toMatchObject({ id: me.id, bio: "export me" });
      expect(data.sections.sessions).toEqual([expect.objectContaining({ id: "s-exp-1", ipAddress: "10.0.0.1" })]);
      expect(data.sections.signInMethods).toEqual([expect.objectContaining({ providerId: "credential", hasPassword: true })]);
      expect((data.sections.auditLog as unknown[]).length).toBe(1);
      const json = JSON.stringify(data);
      const [cred] = await database.db.select().from(accounts).where(eq(accounts.userId, me.id));
      expect(json).not.toContain(cred.password!);
      expect(json).not.toContain("$argon2");
      expect(json).not.toContain("secret-session-token-xyz");
      expect(json).not.toContain(other.id);
      expect(json).not.toContain("not me");
    });
  });

  describe("deleteAccount", () => {
    it("refuses a visitor", async () => {
      expect(await codeOf(deleteAccount(deps(), null, { password: "x" }))).toBe("auth.unauthenticated");
    });

    it("keeps the account with a wrong password and deletes it (and its avatar) with the right one", async () => {
      const me = await createUser(database.db, { password: "right-password" });
      const other = await createUser(database.db);
      const { avatarUrl } = await uploadAvatar(deps(), actorOf(me), { bytes: await png(100, 100) });
      expect(await codeOf(deleteAccount(deps(), actorOf(me), { password: "wrong-password" }))).toBe("accounts.password_wrong");
      expect(await codeOf(deleteAccount(deps(), actorOf(me), {}))).toBe("accounts.password_wrong");
      expect(await database.db.select().from(users).where(eq(users.id, me.id))).toHaveLength(1);
      // Another person's password does not delete my account, and my password does not delete theirs.
      expect(await codeOf(deleteAccount(deps(), actorOf(other), { password: "right-password" }))).toBe("accounts.password_wrong");
      await deleteAccount(deps(), actorOf(me), { password: "right-password" });
      expect(await database.db.select().from(users).where(eq(users.id, me.id))).toHaveLength(0);
      expect(await database.db.select().from(profiles).where(eq(profiles.id, me.id))).toHaveLength(0);
      expect(await database.db.select().from(accounts).where(eq(accounts.userId, me.id))).toHaveLength(0);
      expect(existsSync(join(uploads, avatarUrl.slice("/media/".length)))).toBe(false);
      expect(await database.db.select().from(users).where(eq(users.id, other.id))).toHaveLength(1);
    });

    it("lets an account without a password confirm with its username", async () => {
      const me = await createUser(database.db, { username: "Sso_Only" });
      await database.db.delete(accounts).where(eq(accounts.userId, me.id));
      await database.db.insert(accounts).values({ id: `acc-${me.id}`, accountId: "discord-123", providerId: "discord", userId: me.id });
      const err = await errorOf(deleteAccount(deps(), actorOf(me), { username: "someone_else" }));
      expect(err.code).toBe("accounts.password_wrong");
      expect(err.details).toEqual({ confirmWith: "username" });
      await deleteAccount(deps(), actorOf(me), { username: "sso_only" });
      expect(await database.db.select().from(users).where(eq(users.id, me.id))).toHaveLength(0);
    });

    it("refuses the last Admin, and allows an Admin when another remains", async () => {
      await database.db.delete(userRoles).where(eq(userRoles.roleId, "admin"));
      const a1 = await createUser(database.db, { password: "admin-one", roles: ["Admin"] });
      expect(await codeOf(deleteAccount(deps(), actorOf(a1, { roles: ["Admin"] }), { password: "admin-one" }))).toBe("accounts.last_admin");
      const a2 = await createUser(database.db, { password: "admin-two", roles: ["Admin"] });
      await deleteAccount(deps(), actorOf(a1, { roles: ["Admin"] }), { password: "admin-one" });
      expect(await codeOf(deleteAccount(deps(), actorOf(a2, { roles: ["Admin"] }), { password: "admin-two" }))).toBe("accounts.last_admin");
    });
  });

  describe("listSessions", () => {
    it("refuses a visitor and lists only the actor's live sessions, current first, without tokens", async () => {
      expect(await codeOf(listSessions(deps(), null))).toBe("auth.unauthenticated");
      const me = await createUser(database.db);
      const other = await createUser(database.db);
      const day = 86400_000;
      await database.db.insert(sessions).values([
        {
          id: `${me.id}-a`,
          token: `${me.id}-ta`,
          userId: me.id,
          expiresAt: new Date(Date.now() + day),
          updatedAt: new Date(Date.now() - 1000),
        },
        { id: `${me.id}-b`, token: `${me.id}-tb`, userId: me.id, expiresAt: new Date(Date.now() + day) },
        { id: `${me.id}-old`, token: `${me.id}-told`, userId: me.id, expiresAt: new Date(Date.now() - day) },
        { id: `${other.id}-a`, token: `${other.id}-ta`, userId: other.id, expiresAt: new Date(Date.now() + day) },
      ]);
      const list = await listSessions(deps(), actorOf(me, { sessionId: `${me.id}-a` }));
      expect(list.map((s) => [s.id, s.current])).toEqual([
        [`${me.id}-a`, true],
        [`${me.id}-b`, false],
      ]);
      expect(JSON.stringify(list)).not.toContain("-ta");
    });
  });
});
