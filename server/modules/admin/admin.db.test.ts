import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testActor } from "#tests/support/actors";
import { testDatabase } from "#tests/support/db";
import { createCompany, createUser, ensureRoles } from "#server/db/factories";
import type { DatabaseHandle } from "#server/db/client";
import { auditLog, companyProfiles, mailOutbox, profiles, userRoles, users } from "#server/db/schema";
import { createLogger } from "#server/platform/logger";
import { Mailer } from "#server/platform/mail";
import { LocalStorage, type Storage } from "#server/platform/storage";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { SettingsStore } from "#server/modules/site/settings";
import { getMail } from "./get-mail";
import { getPublicCompany } from "./get-public-company";
import { grantRole } from "./grant-role";
import { listAudit } from "./list-audit";
import { listCompanies } from "./list-companies";
import { listMail } from "./list-mail";
import { listUsers } from "./list-users";
import { getMyCompany } from "./my-company";
import { adminAbilities } from "./policy";
import { quickView } from "./quick-view";
import { readSettings } from "./read-settings";
import { rejectCompany } from "./reject-company";
import { retryMail } from "./retry-mail";
import { revokeRole } from "./revoke-role";
import { updateCompanyProfile } from "./update-company-profile";
import { verifyCompany } from "./verify-company";

const silent = createLogger("silent");
const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return "no error";
  } catch (e) {
    return e instanceof DomainError ? e.code : String(e);
  }
};

describe("admin operations", () => {
  let database: DatabaseHandle;
  let db: DatabaseHandle["db"];
  let mailer: Mailer;
  let uploads: string;
  let storage: Storage;
  let admin: NonNullable<Actor>;
  let moderator: NonNullable<Actor>;
  let creator: NonNullable<Actor>;
  const review = () => ({ db, mailer, siteName: "Nexo Indie", baseUrl: "https://nexo.example" });

  beforeAll(async () => {
    database = await testDatabase();
    db = database.db;
    await ensureRoles(db);
    mailer = new Mailer(db, { smtpUrl: undefined, mailFrom: "no-reply@nexo.example" }, silent);
    uploads = mkdtempSync(join(tmpdir(), "admin-uploads-"));
    storage = new LocalStorage(uploads);
    const a = await createUser(db, { username: "root_admin", roles: ["Admin"] });
    const m = await createUser(db, { username: "the_mod", roles: ["Moderator"] });
    const c = await createUser(db, { username: "a_creator" });
    admin = testActor({ userId: a.id, username: a.username, roles: ["Admin"] });
    moderator = testActor({ userId: m.id, username: m.username, roles: ["Moderator"] });
    creator = testActor({ userId: c.id, username: c.username });
  });
  afterAll(async () => {
    await database.close();
    rmSync(uploads, { recursive: true, force: true });
  });

  const auditRows = (action: string) => db.select().from(auditLog).where(eq(auditLog.action, action));

  describe("abilities", () => {
    it("follow the accounts and site policies", () => {
      expect(adminAbilities(null).panel).toBe(false);
      expect(adminAbilities(creator).panel).toBe(false);
      expect(adminAbilities(moderator)).toMatchObject({
        panel: true,
        grantModerator: true,
        grantAdmin: false,
        mailRead: false,
        settingsUpdate: false,
        companiesReview: true,
      });
      expect(adminAbilities(admin)).toMatchObject({ panel: true, grantAdmin: true, mailRead: true, settingsUpdate: true });
    });
  });

  describe("listUsers", () => {
    it("refuses a visitor and a creator", async () => {
      expect(await codeOf(listUsers({ db }, null, {}))).toBe("auth.unauthenticated");
      expect(await codeOf(listUsers({ db }, creator, {}))).toBe("auth.forbidden");
    });

    it("searches by username or email, with roles, 25 per page", async () => {
      for (let i = 0; i < 27; i++) await createUser(db, { username: `bulk_${String(i).padStart(2, "0")}`, email: `bulk${i}@list.test` });
      const first = await listUsers({ db }, moderator, { q: "bulk", page: "1" });
      expect(first.total).toBe(27);
      expect(first.items).toHaveLength(25);
      expect(first.pageCount).toBe(2);
      const second = await listUsers({ db }, moderator, { q: "bulk", page: "2" });
      expect(second.items.map((u) => u.username)).toEqual(["bulk_25", "bulk_26"]);
      expect((await listUsers({ db }, admin, { q: "bulk3@LIST" })).items.map((u) => u.username)).toEqual(["bulk_03"]);
      expect((await listUsers({ db }, admin, { q: "root_admin" })).items[0].roles).toEqual(["Admin"]);
      expect((await listUsers({ db }, admin, { q: "100%" })).total).toBe(0);
      expect((await listUsers({ db }, admin, { page: "nonsense" })).page).toBe(1);
    });
  });

  describe("grantRole and revokeRole", () => {
    it("refuse a visitor and a creator", async () => {
      const target = await createUser(db);
      for (const op of [grantRole, revokeRole]) {
        expect(await codeOf(op({ db }, null, { userId: target.id, role: "Moderator" }))).toBe("auth.unauthenticated");
        expect(await codeOf(op({ db }, creator, { userId: target.id, role: "Moderator" }))).toBe("auth.forbidden");
      }
    });

    it("let a Moderator grant and revoke Moderator only", async () => {
      const target = await createUser(db);
      expect(await codeOf(grantRole({ db }, moderator, { userId: target.id, role: "Admin" }))).toBe("auth.forbidden");
      expect(await grantRole({ db }, moderator, { userId: target.id, role: "Moderator" })).toEqual({ changed: true });
      expect(await codeOf(revokeRole({ db }, moderator, { userId: admin.userId, role: "Admin" }))).toBe("auth.forbidden");
      expect(await revokeRole({ db }, moderator, { userId: target.id, role: "Moderator" })).toEqual({ changed: true });
    });

    it("let an Admin grant anything; a repeated grant is harmless and not audited twice", async () => {
      const target = await createUser(db, { username: "future_admin" });
      expect(await grantRole({ db }, admin, { userId: target.id, role: "Admin" })).toEqual({ changed: true });
      expect(await grantRole({ db }, admin, { userId: target.id, role: "Admin" })).toEqual({ changed: false });
      const rows = (await auditRows("role.grant")).filter((r) => r.targetId === target.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        actorId: admin.userId,
        actorName: "root_admin",
        targetType: "user",
        targetName: "future_admin",
        details: { role: "Admin" },
      });
      expect(await revokeRole({ db }, admin, { userId: target.id, role: "Admin" })).toEqual({ changed: true });
      expect((await auditRows("role.revoke")).filter((r) => r.targetId === target.id)[0].details).toEqual({ role: "Admin" });
      expect(await revokeRole({ db }, admin, { userId: target.id, role: "Admin" })).toEqual({ changed: false });
    });

    it("refuse unknown users and roles", async () => {
      expect(await codeOf(grantRole({ db }, admin, { userId: "nobody", role: "Admin" }))).toBe("not_found");
      expect(await codeOf(grantRole({ db }, admin, { userId: admin.userId, role: "Owner" }))).toBe("input.invalid");
    });

    it("never remove the last Admin", async () => {
      const admins = await db.select().from(userRoles).where(eq(userRoles.roleId, "admin"));
      expect(admins).toHaveLength(1);
      expect(await codeOf(revokeRole({ db }, admin, { userId: admin.userId, role: "Admin" }))).toBe("accounts.last_admin");
      expect(await db.select().from(userRoles).where(eq(userRoles.roleId, "admin"))).toHaveLength(1);
      // With a second Admin, one may step down; then the other is the last one.
      const other = await createUser(db);
      await grantRole({ db }, admin, { userId: other.id, role: "Admin" });
      const otherActor = testActor({ userId: other.id, roles: ["Admin"] });
      const results = await Promise.allSettled([
        revokeRole({ db }, admin, { userId: other.id, role: "Admin" }),
        revokeRole({ db }, otherActor, { userId: admin.userId, role: "Admin" }),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "accounts.last_admin" } });
      expect(await db.select().from(userRoles).where(eq(userRoles.roleId, "admin"))).toHaveLength(1);
      // Put the original Admin back in place for the other tests.
      const [left] = await db.select().from(userRoles).where(eq(userRoles.roleId, "admin"));
      if (left.userId !== admin.userId) {
        await db.insert(userRoles).values({ userId: admin.userId, roleId: "admin" });
        await db.delete(userRoles).where(eq(userRoles.userId, other.id));
      }
    });
  });

  describe("company review", () => {
    beforeEach(async () => {
      await db.delete(mailOutbox);
    });

    it("refuses a visitor and a creator", async () => {
      const co = await createCompany(db);
      expect(await codeOf(listCompanies({ db }, null, {}))).toBe("auth.unauthenticated");
      expect(await codeOf(listCompanies({ db }, creator, {}))).toBe("auth.forbidden");
      for (const op of [verifyCompany, rejectCompany]) {
        expect(await codeOf(op(review(), null, { companyId: co.id, reason: "x" }))).toBe("auth.unauthenticated");
        expect(await codeOf(op(review(), creator, { companyId: co.id, reason: "x" }))).toBe("auth.forbidden");
        const company = testActor({ userId: co.id, profileRole: "company" });
        expect(await codeOf(op(review(), company, { companyId: co.id, reason: "x" }))).toBe("auth.forbidden");
      }
      expect((await db.select().from(companyProfiles).where(eq(companyProfiles.id, co.id)))[0].verified).toBe(false);
    });

    it("verifies: verified with a date, reason cleared, audited, emailed in the company's language", async () => {
      const co = await createCompany(db, { companyName: "Pixel Forge", email: "forge@studio.test" });
      await db.update(companyProfiles).set({ rejectionReason: "old" }).where(eq(companyProfiles.id, co.id));
      await db.update(profiles).set({ locale: "en" }).where(eq(profiles.id, co.id));
      expect(await verifyCompany(review(), moderator, { companyId: co.id })).toEqual({ changed: true });
      const [row] = await db.select().from(companyProfiles).where(eq(companyProfiles.id, co.id));
      expect(row).toMatchObject({ verified: true, rejectionReason: null });
      expect(row.verifiedAt).toBeInstanceOf(Date);
      expect((await auditRows("company.verify")).find((r) => r.targetId === co.id)).toMatchObject({
        actorId: moderator.userId,
        targetName: "Pixel Forge",
      });
      const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, "forge@studio.test"));
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({
        template: "company-verified",
        locale: "en",
        status: "stored",
        subject: "Pixel Forge is verified on Nexo Indie",
      });
      expect(mails[0].text).toContain("https://nexo.example/dashboard");
      // Verifying again changes nothing and sends nothing.
      expect(await verifyCompany(review(), admin, { companyId: co.id })).toEqual({ changed: false });
      expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, "forge@studio.test"))).toHaveLength(1);
      expect(await codeOf(verifyCompany(review(), admin, { companyId: "missing" }))).toBe("company.not_found");
    });

    it("rejects only with a reason; the company stays unverified and is emailed in Spanish by default", async () => {
      const co = await createCompany(db, { companyName: "Ñandú Games", email: "nandu@studio.test" });
      expect(await codeOf(rejectCompany(review(), admin, { companyId: co.id, reason: "   " }))).toBe("company.reason_required");
      expect(await codeOf(rejectCompany(review(), admin, { companyId: co.id }))).toBe("company.reason_required");
      await rejectCompany(review(), admin, { companyId: co.id, reason: "Add your website <b>please</b>" });
      const [row] = await db.select().from(companyProfiles).where(eq(companyProfiles.id, co.id));
      expect(row).toMatchObject({ verified: false, verifiedAt: null, rejectionReason: "Add your website <b>please</b>" });
      expect((await auditRows("company.reject")).find((r) => r.targetId === co.id)).toMatchObject({
        reason: "Add your website <b>please</b>",
      });
      const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, "nandu@studio.test"));
      expect(mail).toMatchObject({ template: "company-rejected", locale: "es" });
      expect(mail.text).toContain("https://nexo.example/company/verification");
      expect(mail.html).toContain("&lt;b&gt;please&lt;/b&gt;");
      const listed = await listCompanies({ db }, moderator, { status: "rejected", q: "ñandú" });
      expect(listed.items.map((c) => c.id)).toEqual([co.id]);
      expect((await listCompanies({ db }, moderator, { status: "pending", q: "ñandú" })).total).toBe(0);
    });

    it("lists by status with counts and search", async () => {
      const pending = await createCompany(db, { companyName: "Queue Studio" });
      const verified = await createCompany(db, { companyName: "Queue Verified", verified: true });
      const p = await listCompanies({ db }, admin, { q: "queue" });
      expect(p.status).toBe("pending");
      expect(p.items.map((c) => c.id)).toEqual([pending.id]);
      expect((await listCompanies({ db }, admin, { q: "queue", status: "verified" })).items.map((c) => c.id)).toEqual([verified.id]);
      expect((await listCompanies({ db }, admin, { status: "bogus" })).status).toBe("pending");
      expect(p.counts.pending).toBeGreaterThanOrEqual(1);
    });
  });

  describe("company profile", () => {
    const png = () =>
      sharp({ create: { width: 300, height: 120, channels: 3, background: "#7c3aed" } })
        .png()
        .toBuffer();
    const valid = {
      companyName: "Lumen Works",
      representativeName: "Ana Ruiz",
      website: "https://lumen.example",
      description: "We make games.",
      country: "ES",
    };

    it("refuses a visitor, a creator and a Moderator", async () => {
      expect(await codeOf(updateCompanyProfile({ db, storage }, null, valid))).toBe("auth.unauthenticated");
      expect(await codeOf(updateCompanyProfile({ db, storage }, creator, valid))).toBe("auth.forbidden");
      expect(await codeOf(updateCompanyProfile({ db, storage }, moderator, valid))).toBe("auth.forbidden");
      expect(await codeOf(getMyCompany({ db }, creator))).toBe("auth.forbidden");
    });

    it("validates the fields", async () => {
      const co = await createCompany(db);
      const actor = testActor({ userId: co.id, profileRole: "company" });
      for (const bad of [
        { ...valid, website: "http://lumen.example" },
        { ...valid, website: "javascript:alert(1)" },
        { ...valid, description: "x".repeat(2001) },
        { ...valid, country: "XX" },
        { ...valid, companyName: " " },
      ]) {
        expect(await codeOf(updateCompanyProfile({ db, storage }, actor, bad)), JSON.stringify(bad).slice(0, 80)).toBe("input.invalid");
      }
    });

    it("saves, re-encodes a logo to 256×256 WebP, and sends a rejected company back to the queue", async () => {
      const co = await createCompany(db, { companyName: "Lumen" });
      await db.update(companyProfiles).set({ rejectionReason: "Missing website" }).where(eq(companyProfiles.id, co.id));
      const actor = testActor({ userId: co.id, profileRole: "company" });
      expect((await getMyCompany({ db }, actor))?.status).toBe("rejected");
      const res = await updateCompanyProfile({ db, storage }, actor, { ...valid, website: "", logo: new Uint8Array(await png()) });
      expect(res.logoUrl).toMatch(new RegExp(`^/media/logos/${co.id}/[0-9a-f]{32}\\.webp$`));
      const stored = readFileSync(join(uploads, res.logoUrl!.slice("/media/".length)));
      expect(await sharp(stored).metadata()).toMatchObject({ format: "webp", width: 256, height: 256 });
      const mine = await getMyCompany({ db }, actor);
      expect(mine).toMatchObject({
        status: "pending",
        rejectionReason: null,
        companyName: "Lumen Works",
        website: null,
        country: "ES",
        slug: co.slug,
      });
      expect((await auditRows("company.update_profile")).find((r) => r.targetId === co.id)?.details).toEqual({
        resubmitted: true,
        logo: true,
      });
      expect((await listCompanies({ db }, admin, { q: co.slug })).items.map((c) => c.id)).toEqual([co.id]);
    });

    it("judges the logo by its content", async () => {
      const co = await createCompany(db);
      const actor = testActor({ userId: co.id, profileRole: "company" });
      const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
        .gif()
        .toBuffer();
      expect(await codeOf(updateCompanyProfile({ db, storage }, actor, { ...valid, logo: new Uint8Array(gif) }))).toBe(
        "accounts.avatar_type",
      );
      expect(await codeOf(updateCompanyProfile({ db, storage }, actor, { ...valid, logo: new TextEncoder().encode("<svg></svg>") }))).toBe(
        "accounts.avatar_type",
      );
    });

    it("shows only verified companies publicly", async () => {
      const v = await createCompany(db, { companyName: "Shown Studio", verified: true, description: "<script>x</script>" });
      const p = await createCompany(db, { companyName: "Hidden Studio" });
      expect(await getPublicCompany({ db }, null, { slug: v.slug })).toMatchObject({
        companyName: "Shown Studio",
        description: "<script>x</script>",
      });
      expect(await codeOf(getPublicCompany({ db }, null, { slug: p.slug }))).toBe("company.not_found");
      expect(await codeOf(getPublicCompany({ db }, null, { slug: "no-such" }))).toBe("company.not_found");
    });
  });

  describe("mail log", () => {
    it("is for Admins only", async () => {
      for (const [who, code] of [
        [null, "auth.unauthenticated"],
        [creator, "auth.forbidden"],
        [moderator, "auth.forbidden"],
      ] as const) {
        expect(await codeOf(listMail({ db }, who, {}))).toBe(code);
        expect(await codeOf(getMail({ db }, who, { id: 1 }))).toBe(code);
        expect(await codeOf(retryMail({ db, mailer }, who, { id: 1 }))).toBe(code);
      }
    });

    it("lists newest first, filtered by status and recipient, and opens one message", async () => {
      await db.delete(mailOutbox);
      await mailer.send({ template: "t", locale: "es", to: "one@mail.test", subject: "First", html: "<p>1</p>", text: "1" });
      await mailer.send({ template: "t", locale: "en", to: "two@mail.test", subject: "Second", html: "<p>2</p>", text: "2" });
      await db.insert(mailOutbox).values({
        template: "t",
        locale: "en",
        to: "two@mail.test",
        subject: "Broken",
        html: "",
        text: "",
        status: "failed",
        error: "refused",
      });
      const all = await listMail({ db }, admin, {});
      expect(all.items.map((m) => m.subject)).toEqual(["Broken", "Second", "First"]);
      expect((await listMail({ db }, admin, { status: "failed" })).items.map((m) => m.subject)).toEqual(["Broken"]);
      expect((await listMail({ db }, admin, { to: "TWO@" })).total).toBe(2);
      const one = await getMail({ db }, admin, { id: all.items[1].id });
      expect(one).toMatchObject({ subject: "Second", html: "<p>2</p>", text: "2", status: "stored" });
      expect(await codeOf(getMail({ db }, admin, { id: "abc" }))).toBe("not_found");
    });

    it("retries a failed message through a real SMTP server", async () => {
      const received: string[] = [];
      const server = new SMTPServer({
        authOptional: true,
        disabledCommands: ["STARTTLS"],
        logger: false,
        onData(stream, session, cb) {
          received.push(session.envelope.rcptTo.map((r) => r.address).join());
          stream.resume();
          stream.on("end", () => cb());
        },
      });
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
      const port = (server.server.address() as AddressInfo).port;
      try {
        const broken = new Mailer(db, { smtpUrl: "smtp://127.0.0.1:1", mailFrom: "no-reply@nexo.example" }, silent);
        const { id, status } = await broken.send({
          template: "t",
          locale: "en",
          to: "retry@mail.test",
          subject: "Retry me",
          html: "<p>r</p>",
          text: "r",
        });
        expect(status).toBe("failed");
        await db.update(mailOutbox).set({ attempts: 5 }).where(eq(mailOutbox.id, id));
        const working = new Mailer(db, { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: "no-reply@nexo.example" }, silent);
        expect(await retryMail({ db, mailer: working }, admin, { id })).toEqual({ status: "sent", delivers: true });
        expect(received).toContain("retry@mail.test");
        expect((await auditRows("mail.retry")).find((r) => r.targetId === String(id))).toBeTruthy();
        // Only failed messages can be retried.
        expect(await codeOf(retryMail({ db, mailer: working }, admin, { id }))).toBe("not_found");
      } finally {
        await new Promise<void>((r) => server.close(() => r()));
      }
    });
  });

  describe("audit log, quick view, settings", () => {
    it("lists the audit log for the team only, filtered by action, actor and target", async () => {
      expect(await codeOf(listAudit({ db }, null, {}))).toBe("auth.unauthenticated");
      expect(await codeOf(listAudit({ db }, creator, {}))).toBe("auth.forbidden");
      const grants = await listAudit({ db }, moderator, { action: "role.grant" });
      expect(grants.total).toBeGreaterThan(0);
      expect(grants.items.every((r) => r.action === "role.grant")).toBe(true);
      expect(grants.actions).toContain("company.verify");
      expect((await listAudit({ db }, admin, { action: "role.grant", target: "future_admin" })).total).toBe(1);
      expect((await listAudit({ db }, admin, { actor: "the_mod", action: "company.verify" })).total).toBe(1);
    });

    it("resolves the page's ids to today's names and addresses, one query per kind", async () => {
      const grants = await listAudit({ db }, moderator, { action: "role.grant", target: "future_admin" });
      const [row] = grants.items;
      expect(grants.refs.users[row.actorId!]).toEqual({ username: "root_admin" });
      expect(grants.refs.users[row.targetId]).toEqual({ username: "future_admin" });
      const verified = await listAudit({ db }, moderator, { action: "company.verify", target: "Pixel Forge" });
      expect(verified.refs.companies[verified.items[0].targetId]).toEqual({ name: "Pixel Forge", path: "/company/pixel-forge" });
      expect(verified.refs.users[moderator.userId]).toEqual({ username: "the_mod" });
      // A renamed person reads under their new name; an id whose row is gone is left out (the page keeps the stored name).
      await db.update(profiles).set({ username: "chief_root" }).where(eq(profiles.id, admin.userId));
      expect((await listAudit({ db }, moderator, { action: "role.grant", target: "future_admin" })).refs.users[admin.userId]).toEqual({
        username: "chief_root",
      });
      await db.update(profiles).set({ username: "root_admin" }).where(eq(profiles.id, admin.userId));
      // One query per kind whatever the number of rows: the whole page costs the same few reads.
      let selects = 0;
      const counting = new Proxy(db, {
        get(target, prop, receiver) {
          if (prop === "select" || prop === "selectDistinct") selects++;
          const v = Reflect.get(target, prop, receiver);
          return typeof v === "function" ? v.bind(target) : v;
        },
      });
      const page = await listAudit({ db: counting }, moderator, {});
      expect(page.items.length).toBeGreaterThanOrEqual(3);
      // count, rows, actions, target types, then at most one per kind of reference (eight kinds).
      expect(selects).toBeLessThanOrEqual(4 + 8);
    });

    it("counts people by role, pending companies and sign-ups per day", async () => {
      expect(await codeOf(quickView({ db }, null))).toBe("auth.unauthenticated");
      expect(await codeOf(quickView({ db }, creator))).toBe("auth.forbidden");
      await createUser(db, { emailVerified: false, username: "not_confirmed" });
      const old = await createUser(db, { username: "ancient" });
      await db
        .update(users)
        .set({ createdAt: new Date(Date.now() - 40 * 86_400_000) })
        .where(eq(users.id, old.id));
      const q = await quickView({ db }, moderator);
      const [{ n }] = await database.query("select count(*)::int as n from users").then((r) => r.rows as { n: number }[]);
      expect(q.counts.users).toBe(n);
      expect(q.counts.admins).toBe(1);
      expect(q.counts.moderators).toBeGreaterThanOrEqual(1);
      expect(q.counts.unverifiedEmails).toBe(1);
      expect(q.counts.creators + q.counts.companies).toBe(n);
      expect(q.signups).toHaveLength(30);
      expect(q.signupsTotal).toBe(n - 1);
      expect(q.signups.at(-1)!.day).toBe(new Date().toISOString().slice(0, 10));
      expect(q.latest).toHaveLength(5);
      expect(q.latest.map((u) => u.username)).not.toContain("ancient");
      expect(q.pendingCompanies).toBe((await listCompanies({ db }, admin, {})).total);
    });

    it("reads the settings for Admins only, without the maintenance password", async () => {
      const settings = new SettingsStore(db, 0);
      expect(await codeOf(readSettings({ settings }, moderator))).toBe("auth.forbidden");
      expect(await codeOf(readSettings({ settings }, null))).toBe("auth.unauthenticated");
      const s = await readSettings({ settings }, admin);
      expect(s.maintenance).toMatchObject({ enabled: false, hasPassword: false });
      expect(JSON.stringify(s)).not.toContain("passwordHash");
    });
  });
});
