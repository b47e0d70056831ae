import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { companyProfiles, mailOutbox, profiles, users } from "#server/db/schema";
import type { Services } from "#server/services";
import { createUser } from "#server/db/factories";
import { testServices } from "#tests/support/services";
import { startSmtpServer } from "#tests/support/smtp";
import { testActor } from "#tests/support/actors";
import type { RequestFacts } from "./deps";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let ctx: Awaited<ReturnType<typeof testServices>>;
let s: Services;
let ipSeq = 0;
/** Each test signs in from its own address, so the per-IP limits only bite where a test wants them to. */
const req = (over: Partial<RequestFacts> = {}): RequestFacts => ({
  headers: new Headers(),
  ip: `10.0.0.${++ipSeq}`,
  locale: "en",
  ...over,
});
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (e: { code?: string }) => e.code,
  );
const linkIn = (text: string) => /(http:\/\/localhost:3999\/api\/auth\/[^\s]+)/.exec(text)?.[1];

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await testServices({ SMTP_URL: smtp.url, MAIL_FROM: "Nexo Indie <no-reply@nexo.test>" });
  s = ctx.services;
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});
afterEach(() => {
  smtp.received.length = 0;
});

describe("registration", () => {
  it("creates a creator with the chosen username, signs them in and mails a verification link that confirms the address", async () => {
    const { userId, headers } = await s.accounts.authFlows.register(req({ locale: "es" }), {
      username: "Nueva_Creadora",
      email: "Nueva@Example.test",
      password: "dragon-slayer-77",
      confirmPassword: "dragon-slayer-77",
      role: "creator",
    });
    expect(headers.getSetCookie().join()).toMatch(/better-auth\.session_token=.+HttpOnly/i);
    const [p] = await s.db.select().from(profiles).where(eq(profiles.id, userId));
    expect(p).toMatchObject({ username: "Nueva_Creadora", role: "creator", locale: "es", usernameChangedAt: null });
    const mail = smtp.received.find((m) => m.to.includes("nueva@example.test"))!;
    expect(mail.subject).toBe("Confirma tu correo en Nexo Indie");
    expect(mail.html).toContain("Confirmar mi correo");
    const link = linkIn(mail.text)!;
    expect(link).toContain("/api/auth/verify-email?token=");
    const res = await s.auth.handler(new Request(link));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/es/auth/callback?verified=1");
    const [u] = await s.db.select().from(users).where(eq(users.id, userId));
    expect(u.emailVerified).toBe(true);
  });

  it("starts a company pending verification with its name, slug and representative", async () => {
    const { userId } = await s.accounts.authFlows.register(req(), {
      username: "estudio_nandu",
      email: "studio@example.test",
      password: "pixel-forge-2026",
      confirmPassword: "pixel-forge-2026",
      role: "company",
      companyName: "Estudio Ñandú",
      representativeName: "Ana Pérez",
    });
    const [c] = await s.db.select().from(companyProfiles).where(eq(companyProfiles.id, userId));
    expect(c).toMatchObject({ companyName: "Estudio Ñandú", slug: "estudio-nandu", representativeName: "Ana Pérez", verified: false });
  });

  it("refuses a taken address whatever its case, and says so on the email field", async () => {
    await createUser(s.db, { email: "taken@example.test" });
    const err = await s.accounts.authFlows
      .register(req(), {
        username: "free_name",
        email: "TAKEN@example.test",
        password: "another-pass-9",
        confirmPassword: "another-pass-9",
        role: "creator",
      })
      .catch((e) => e);
    expect(err.code).toBe("auth.email_taken");
    expect(err.details.fieldErrors.email).toBe("errors:auth.email_taken");
  });

  it.each([
    [{ password: "abc12", confirmPassword: "abc12" }, "password", "errors:auth.password_too_short"],
    [{ password: "123456", confirmPassword: "123456" }, "password", "errors:auth.password_common"],
    [{ password: "Contraseña", confirmPassword: "Contraseña" }, "password", "errors:auth.password_common"],
    [{ password: "good-pass-77", confirmPassword: "good-pass-78" }, "confirmPassword", "errors:auth.password_mismatch"],
    [{ role: "company" }, "companyName", "errors:auth.company_name_required"],
    [{ email: "not-an-email" }, "email", "errors:auth.email_invalid"],
    [{ username: undefined }, "username", "errors:accounts.username_invalid"],
    [{ username: "" }, "username", "errors:accounts.username_invalid"],
    [{ username: "ab" }, "username", "errors:accounts.username_invalid"],
    [{ username: "nuevo.jugador" }, "username", "errors:accounts.username_invalid"],
    [{ username: "x".repeat(31) }, "username", "errors:accounts.username_invalid"],
    [{ username: "Admin" }, "username", "errors:accounts.username_reserved"],
    [{ role: "moderator" }, "role", "errors:input.invalid"],
  ])("validates %o", async (over, field, key) => {
    const input = {
      username: "valid_name",
      email: "v@example.test",
      password: "good-pass-77",
      confirmPassword: "good-pass-77",
      role: "creator",
      ...over,
    };
    const err = await s.accounts.authFlows.register(req(), input as never).catch((e) => e);
    expect(err.code).toBe("input.invalid");
    expect(err.details.fieldErrors[field]).toBe(key);
  });
});

describe("registration: the chosen username and the player role", () => {
  const input = (over: Record<string, unknown>) => ({
    password: "quiet-river-31",
    confirmPassword: "quiet-river-31",
    role: "player",
    ...over,
  });

  it("a player is a member without a profile role, under the username they chose (not one made from the email)", async () => {
    const { userId } = await s.accounts.authFlows.register(
      req(),
      input({ username: "solo_juego", email: "nuevo.jugador@example.test" }) as never,
    );
    const [p] = await s.db.select().from(profiles).where(eq(profiles.id, userId));
    expect(p).toMatchObject({ username: "solo_juego", role: null });
    expect(await s.db.select().from(companyProfiles).where(eq(companyProfiles.id, userId))).toEqual([]);
  });

  it("refuses a taken username whatever its case, beside the username field, and creates no account", async () => {
    await createUser(s.db, { username: "Ocupado" });
    const err = await s.accounts.authFlows
      .register(req(), input({ username: "ocupado", email: "second@example.test" }) as never)
      .catch((e) => e);
    expect(err.code).toBe("accounts.username_taken");
    expect(err.details.fieldErrors).toEqual({ username: "errors:accounts.username_taken" });
    expect(await s.db.select().from(users).where(eq(users.email, "second@example.test"))).toEqual([]);
  });

  it("says at once when both the email and the username are taken", async () => {
    await createUser(s.db, { username: "both_taken", email: "both@example.test" });
    const err = await s.accounts.authFlows
      .register(req(), input({ username: "BOTH_TAKEN", email: "both@example.test" }) as never)
      .catch((e) => e);
    expect(err.code).toBe("auth.email_taken");
    expect(err.details.fieldErrors).toEqual({ email: "errors:auth.email_taken", username: "errors:accounts.username_taken" });
  });

  it("checks a username for the form as it is typed, for visitors", async () => {
    await createUser(s.db, { username: "Existing_One" });
    expect(await s.accounts.authFlows.checkSignUpUsername({ username: "existing_one" })).toEqual({
      available: false,
      problem: "accounts.username_taken",
    });
    expect(await s.accounts.authFlows.checkSignUpUsername({ username: "ab" })).toEqual({
      available: false,
      problem: "accounts.username_invalid",
    });
    expect(await s.accounts.authFlows.checkSignUpUsername({ username: "support" })).toEqual({
      available: false,
      problem: "accounts.username_reserved",
    });
    expect(await s.accounts.authFlows.checkSignUpUsername({ username: "brand_new-1" })).toEqual({ available: true });
  });
});

describe("sign-in", () => {
  it("needs both fields, refuses a wrong password and signs in with the right one", async () => {
    const u = await createUser(s.db, { email: "signin@example.test", password: "right-password-1" });
    expect(await codeOf(s.accounts.authFlows.signIn(req(), { email: u.email }))).toBe("auth.credentials_required");
    expect(await codeOf(s.accounts.authFlows.signIn(req(), { password: "x" }))).toBe("auth.credentials_required");
    expect(await codeOf(s.accounts.authFlows.signIn(req(), { email: u.email, password: "wrong-password" }))).toBe(
      "auth.invalid_credentials",
    );
    const { headers } = await s.accounts.authFlows.signIn(req(), { email: "SIGNIN@example.test", password: "right-password-1" });
    const cookie = headers.getSetCookie().find((c) => c.startsWith("better-auth.session_token="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=2592000/);
  });

  it("allows 6 attempts a minute from one address, then answers rate_limited", async () => {
    const u = await createUser(s.db, { email: "burst@example.test", password: "right-password-1" });
    const from = req();
    const codes = [];
    for (let i = 0; i < 7; i++) codes.push(await codeOf(s.accounts.authFlows.signIn(from, { email: u.email, password: "nope-nope" })));
    expect(codes).toEqual([...Array(6).fill("auth.invalid_credentials"), "rate_limited"]);
  });

  it("locks an account after 10 failures in 15 minutes, even from many addresses and with the right password", async () => {
    const u = await createUser(s.db, { email: "target@example.test", password: "right-password-1" });
    for (let i = 0; i < 10; i++)
      expect(await codeOf(s.accounts.authFlows.signIn(req(), { email: u.email, password: `guess-${i}` }))).toBe("auth.invalid_credentials");
    expect(await codeOf(s.accounts.authFlows.signIn(req(), { email: u.email, password: "right-password-1" }))).toBe("rate_limited");
    // Another account is not affected.
    const other = await createUser(s.db, { email: "bystander@example.test", password: "right-password-2" });
    expect(await codeOf(s.accounts.authFlows.signIn(req(), { email: other.email, password: "right-password-2" }))).toBe("ok");
  });
});

describe("recovery and codes", () => {
  it("mails a reset link; the new password works, the old one and the old sessions do not", async () => {
    const u = await createUser(s.db, { email: "forgot@example.test", password: "old-password-1" });
    const before = await s.accounts.authFlows.signIn(req(), { email: u.email, password: "old-password-1" });
    await s.accounts.authFlows.requestPasswordReset(req(), { email: u.email });
    const mail = smtp.received.find((m) => m.to.includes(u.email))!;
    // In the recipient's language (the profile's, Spanish here), not the language of the request.
    expect(mail.subject).toBe("Restablece tu contraseña de Nexo Indie");
    const res = await s.auth.handler(new Request(linkIn(mail.text)!));
    const token = new URL(res.headers.get("location")!, "http://x").searchParams.get("token")!;
    expect(await codeOf(s.accounts.authFlows.resetPassword({ token, password: "new-password-2", confirmPassword: "new-password-3" }))).toBe(
      "input.invalid",
    );
    await s.accounts.authFlows.resetPassword({ token, password: "new-password-2", confirmPassword: "new-password-2" });
    expect(await codeOf(s.accounts.authFlows.resetPassword({ token, password: "new-password-4", confirmPassword: "new-password-4" }))).toBe(
      "auth.reset_token_invalid",
    );
    expect(await codeOf(s.accounts.authFlows.signIn(req(), { email: u.email, password: "old-password-1" }))).toBe(
      "auth.invalid_credentials",
    );
    expect(await codeOf(s.accounts.authFlows.signIn(req(), { email: u.email, password: "new-password-2" }))).toBe("ok");
    const cookie = before.headers.getSetCookie()[0].split(";")[0];
    expect(await s.auth.api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
  });

  it("says the same for unknown addresses and sends nothing", async () => {
    await s.accounts.authFlows.requestPasswordReset(req(), { email: "nobody@example.test" });
    await s.accounts.authFlows.sendSignInCode(req(), { email: "nobody@example.test" });
    expect(smtp.received).toHaveLength(0);
  });

  it("signs in with a 6-digit code from the mail; a wrong code is refused", async () => {
    const u = await createUser(s.db, { email: "code@example.test" });
    await s.accounts.authFlows.sendSignInCode(req(), { email: u.email });
    const code = /\b(\d{6})\b/.exec(smtp.received.at(-1)!.text)![1];
    expect(
      await codeOf(s.accounts.authFlows.signInWithCode(req(), { email: u.email, code: code === "000000" ? "111111" : "000000" })),
    ).toBe("auth.code_invalid");
    const { headers } = await s.accounts.authFlows.signInWithCode(req(), { email: u.email, code });
    expect(headers.getSetCookie().join()).toContain("better-auth.session_token=");
  });
});

describe("resending the verification email", () => {
  it("refuses visitors and verified accounts, and sends a new link to unverified ones", async () => {
    expect(await codeOf(s.accounts.authFlows.resendVerification(req(), null))).toBe("auth.unauthenticated");
    expect(await codeOf(s.accounts.authFlows.resendVerification(req(), testActor({ emailVerified: true })))).toBe("auth.already_verified");
    const u = await createUser(s.db, { email: "late@example.test", emailVerified: false });
    await s.accounts.authFlows.resendVerification(req(), testActor({ userId: u.id, email: u.email, emailVerified: false }));
    expect(smtp.received.at(-1)!.to).toEqual([u.email]);
  });

  it("reports 'Failed to resend' when the mail server refuses, and keeps the message for a retry", async () => {
    const failing = await startSmtpServer({ failWith: "mailbox unavailable" });
    const other = await testServices({ SMTP_URL: failing.url });
    try {
      const u = await createUser(other.services.db, { email: "bounce@example.test", emailVerified: false });
      const code = await codeOf(
        other.services.accounts.authFlows.resendVerification(req(), testActor({ userId: u.id, email: u.email, emailVerified: false })),
      );
      expect(code).toBe("auth.resend_failed");
      const rows = await other.services.db.select().from(mailOutbox).where(eq(mailOutbox.to, u.email));
      expect(rows.map((r) => r.status)).toEqual(["failed"]);
    } finally {
      await other.close();
      await failing.close();
    }
  });
});
