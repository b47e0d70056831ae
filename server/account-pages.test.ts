import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookiesFrom, signIn, testApp, type TestApp } from "#tests/support/app";
import { createUser, type CreatedUser } from "#server/db/factories";
import { profiles, sessions, users } from "./db/schema";

/** The public profile and the /account area, through the real app and its React Router build. */
describe("profiles and the account area over HTTP", () => {
  let t: TestApp;
  let me: CreatedUser;
  let cookie: string;

  beforeAll(async () => {
    t = await testApp();
    me = await createUser(t.services.db, {
      username: "Page_Person",
      email: "page_person@example.test",
      password: "page-pass-1",
      bio: "Hello from the bio",
    });
    cookie = await signIn(t, me.email, me.password);
  });
  afterAll(() => t.close());

  const html = async (path: string, init?: Parameters<TestApp["request"]>[1]) => {
    const res = await t.request(path, init);
    return { res, body: await res.text() };
  };
  /** Posts a form to a page's action as a browser without JavaScript does. */
  const post = (path: string, fields: Record<string, string>, who = cookie) =>
    t.request(path, {
      method: "POST",
      cookie: who,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });

  describe("public profile /u/:username", () => {
    it("shows the profile, found ignoring case, with its SEO title and description", async () => {
      const { res, body } = await html("/en/u/page_person");
      expect(res.status).toBe(200);
      expect(body).toContain(">Page_Person</h1>");
      expect(body).toContain("Hello from the bio");
      expect(body).toContain("<title>Page_Person&#x27;s profile | Nexo Indie Community</title>");
      expect(body).toContain('<meta name="description" content="Hello from the bio"/>');
      expect(body).toContain("Joined");
      expect(body).not.toContain(me.email);
    });

    it("answers 404 for an unknown name, including script-like names, without reflecting them", async () => {
      expect((await t.request("/u/unknown")).status).toBe(404);
      const payload = "<script>alert(1)</script>";
      const { res, body } = await html(`/en/u/${encodeURIComponent(payload)}`);
      expect(res.status).toBe(404);
      expect(body).not.toContain("<script>alert(1)");
    });

    it("escapes HTML in the bio and the links, and marks links rel=me noopener nofollow ugc", async () => {
      const evil = await createUser(t.services.db, {
        username: "Evil_Bio",
        email: "evil_bio@example.test",
        bio: '<img src=x onerror=alert(1)><script>alert("bio")</script>',
      });
      await t.services.db
        .update(profiles)
        .set({ socialLinks: { website: 'https://example.org/"><script>alert(2)</script>' }, showEmail: true })
        .where(eq(profiles.id, evil.id));
      const { body } = await html("/en/u/Evil_Bio");
      expect(body).not.toContain("<img src=x onerror");
      expect(body).not.toContain('<script>alert("bio")');
      expect(body).not.toContain("<script>alert(2)");
      expect(body).toContain("&lt;img src=x onerror=alert(1)&gt;");
      expect(body).toMatch(/<a href="https:\/\/example\.org\/&quot;&gt;&lt;script&gt;[^"]*" rel="me noopener nofollow ugc"/);
      expect(body).toContain(evil.email);
    });
  });

  describe("/account", () => {
    it("sends a visitor to the login page with the way back", async () => {
      const res = await t.request("/account");
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/login?redirectTo=%2Faccount");
      const es = await t.request("/es/account/security");
      expect(es.headers.get("location")).toBe("/es/login?redirectTo=%2Faccount%2Fsecurity");
    });

    it("shows the tabs with aria-current on the open one", async () => {
      for (const [path, label] of [
        ["/en/account", "Profile"],
        ["/en/account/connections", "Connections"],
        ["/en/account/security", "Security"],
        ["/en/account/data", "Your data"],
      ]) {
        const { res, body } = await html(path, { cookie });
        expect(res.status, path).toBe(200);
        expect(body, path).toMatch(new RegExp(`<a aria-current="page"[^>]*href="${path}"[^>]*>${label}</a>`));
        expect(body, path).toContain('<meta name="robots" content="noindex, follow"/>');
      }
    });

    it("changes the username, then refuses another change within 30 days with the date", async () => {
      const who = await createUser(t.services.db, { password: "rename-pass-1" });
      const c = await signIn(t, who.email, who.password);
      const taken = await post("/en/account?index", { intent: "username", username: "page_person" }, c);
      expect(taken.status).toBe(409);
      expect(await taken.text()).toContain("This username is already taken.");
      const ok = await post("/en/account?index", { intent: "username", username: "Renamed_Once" }, c);
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain("Your username is now Renamed_Once.");
      const again = await post("/en/account?index", { intent: "username", username: "Renamed_Twice" }, c);
      expect(again.status).toBe(409);
      const body = await again.text();
      expect(body).toMatch(/You can change your username again on [A-Z][a-z]+ \d{1,2}, \d{4}\./);
      expect(body).toContain('value="Renamed_Twice"');
      // The field's availability check.
      const check = await html("/en/account.data?index&checkUsername=page_person", { cookie: c });
      expect(check.body).toContain("accounts.username_taken");
    });

    it("saves the profile and keeps the typed values after a refused link", async () => {
      const bad = await post("/en/account?index", {
        intent: "profile",
        bio: "My new bio",
        link_youtube: "https://evil.example/x",
        showEmail: "on",
        locale: "en",
      });
      expect(bad.status).toBe(200);
      const badBody = await bad.text();
      expect(badBody).toContain("Enter a full https:// address of that site.");
      expect(badBody).toContain("My new bio");
      expect(badBody).toContain('value="https://evil.example/x"');
      const ok = await post("/en/account?index", {
        intent: "profile",
        bio: "My new bio",
        link_youtube: "https://youtube.com/@me",
        showEmail: "on",
        locale: "en",
      });
      expect(await ok.text()).toContain("Your profile was saved.");
      const [row] = await t.services.db.select().from(profiles).where(eq(profiles.id, me.id));
      expect(row).toMatchObject({ bio: "My new bio", socialLinks: { youtube: "https://youtube.com/@me" }, showEmail: true, locale: "en" });
    });

    it("uploads an avatar through the page (multipart): a PNG becomes a 512×512 WebP served under /media", async () => {
      const png = await sharp({ create: { width: 900, height: 700, channels: 3, background: "#4a7" } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.set("intent", "avatar");
      form.set("avatar", new File([new Uint8Array(png)], "me.png", { type: "image/png" }));
      const res = await t.request("/en/account?index", { method: "POST", cookie, body: form });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("Your avatar was updated.");
      const [row] = await t.services.db.select().from(profiles).where(eq(profiles.id, me.id));
      expect(row.avatarUrl).toMatch(/^\/media\/avatars\/.+\.webp$/);
      const media = await t.request(row.avatarUrl!);
      expect(media.status).toBe(200);
      expect(media.headers.get("content-type")).toBe("image/webp");
      const meta = await sharp(Buffer.from(await media.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: "webp", width: 512, height: 512 });
      // The public profile shows it.
      expect((await html("/en/u/Page_Person")).body).toContain(`src="${row.avatarUrl}"`);
    });

    it("refuses a text file named .png and a body over 10 MB", async () => {
      const form = new FormData();
      form.set("intent", "avatar");
      form.set("avatar", new File(["not an image"], "me.png", { type: "image/png" }));
      const res = await t.request("/en/account?index", { method: "POST", cookie, body: form });
      expect(res.status).toBe(415);
      expect(await res.text()).toContain("The image must be PNG, JPG or WEBP.");
      const big = new FormData();
      big.set("intent", "avatar");
      big.set("avatar", new File([new Uint8Array(11 * 1024 * 1024)], "big.png", { type: "image/png" }));
      const tooBig = await t.request("/en/account?index", { method: "POST", cookie, body: big });
      expect(tooBig.status).toBe(413);
      expect(await tooBig.text()).toContain("The image can be 10 MB at most.");
    });

    it("lists only this person's sessions and refuses to revoke someone else's", async () => {
      const other = await createUser(t.services.db, { password: "other-pass-1" });
      const otherCookie = await signIn(t, other.email, other.password);
      const [theirs] = await t.services.db.select().from(sessions).where(eq(sessions.userId, other.id));
      const { body } = await html("/en/account/security", { cookie });
      expect(body).toContain("This device");
      expect(body).not.toContain(theirs.id);
      expect(body).not.toContain(theirs.token);
      const res = await post("/en/account/security", { intent: "revoke", sessionId: theirs.id });
      expect(res.status).toBe(403);
      expect((await t.request("/en/account", { cookie: otherCookie })).status).toBe(200);
    });

    it("changes the password: a wrong confirmation and a wrong current password are refused", async () => {
      const who = await createUser(t.services.db, { password: "pw-change-1" });
      const c = await signIn(t, who.email, who.password);
      const mismatch = await post(
        "/en/account/security",
        { intent: "password", currentPassword: "pw-change-1", newPassword: "new-pass-1", confirmPassword: "nope" },
        c,
      );
      expect(await mismatch.text()).toContain("Passwords do not match.");
      const wrong = await post(
        "/en/account/security",
        { intent: "password", currentPassword: "bad", newPassword: "new-pass-1", confirmPassword: "new-pass-1" },
        c,
      );
      expect(await wrong.text()).toContain("The password is not correct.");
      const ok = await post(
        "/en/account/security",
        { intent: "password", currentPassword: "pw-change-1", newPassword: "new-pass-1", confirmPassword: "new-pass-1" },
        c,
      );
      expect(ok.status).toBe(200);
      const c2 = cookiesFrom(ok, c);
      expect(await ok.text()).toContain("Your password was changed.");
      expect((await t.request("/en/account/security", { cookie: c2 })).status).toBe(200);
      await signIn(t, who.email, "new-pass-1");
    });
  });

  describe("/account/export", () => {
    it("refuses a visitor", async () => {
      expect((await t.request("/account/export")).status).toBe(401);
    });

    it("downloads the person's data as JSON without password hashes or session tokens", async () => {
      const res = await t.request("/account/export", { cookie });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="account-Page_Person-\d{4}-\d{2}-\d{2}\.json"$/);
      expect(res.headers.get("cache-control")).toBe("no-store");
      const text = await res.text();
      const data = JSON.parse(text);
      expect(data.sections.profile).toMatchObject({ id: me.id, username: "Page_Person" });
      expect(data.sections.user).toMatchObject({ email: me.email });
      expect(text).not.toContain("$argon2");
      const mine = await t.services.db.select().from(sessions).where(eq(sessions.userId, me.id));
      expect(mine.length).toBeGreaterThan(0);
      for (const s of mine) expect(text).not.toContain(s.token);
      expect(text).not.toContain(cookie.split("session_token=")[1]?.split(";")[0]?.split(".")[0] ?? "never");
    });
  });

  describe("deleting the account", () => {
    it("needs the confirmation box, keeps the account with a wrong password, removes it with the right one", async () => {
      const who = await createUser(t.services.db, { password: "delete-me-1" });
      const c = await signIn(t, who.email, who.password);
      const unticked = await post("/en/account/data", { password: "delete-me-1" }, c);
      expect(await unticked.text()).toContain("Tick the box to confirm.");
      const wrong = await post("/en/account/data", { password: "wrong-one", confirm: "on" }, c);
      expect(wrong.status).toBe(401);
      expect(await wrong.text()).toContain("The password is not correct.");
      expect(await t.services.db.select().from(users).where(eq(users.id, who.id))).toHaveLength(1);
      const ok = await post("/en/account/data", { password: "delete-me-1", confirm: "on" }, c);
      expect(ok.status).toBe(302);
      expect(ok.headers.get("location")).toBe("/en/?accountDeleted=1");
      expect(ok.headers.getSetCookie().join("\n")).toMatch(/better-auth\.session_token=; Path=\/; Max-Age=0/);
      expect(await t.services.db.select().from(users).where(eq(users.id, who.id))).toHaveLength(0);
      expect((await t.request(`/u/${who.username}`)).status).toBe(404);
    });
  });
});
