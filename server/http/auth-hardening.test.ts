import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookiesFrom, testApp, type TestApp } from "#tests/support/app";
import { users } from "#server/db/schema";
import { createUser } from "#server/db/factories";
import { startSmtpServer } from "#tests/support/smtp";

/**
 * Better-auth's own HTTP endpoints keep the account lock whatever the body's encoding,
 * apply the site's password rules, and never hand a session token to scripts.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let ip = 0;
/** Every request from its own address: the per-address limits are not what these tests are about. */
const nextIp = () => `198.51.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await testApp({ SMTP_URL: smtp.url, CLIENT_IP_HEADER: "x-test-ip" });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Encoding = "json" | "form" | "multipart" | "text";

type Fields = Record<string, string | boolean>;

function encode(fields: Fields, as: Encoding): { body: BodyInit; headers: Record<string, string> } {
  switch (as) {
    case "json":
      return { body: JSON.stringify(fields), headers: { "content-type": "application/json" } };
    case "form":
      return {
        body: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      };
    case "multipart": {
      const fd = new FormData();
      for (const [k, v] of Object.entries(fields)) fd.set(k, String(v));
      return { body: fd, headers: {} };
    }
    case "text":
      return { body: JSON.stringify(fields), headers: { "content-type": "text/plain;charset=UTF-8" } };
  }
}

function post(path: string, fields: Fields, opts: { as?: Encoding; cookie?: string; lang?: "es" | "en" } = {}) {
  const { body, headers } = encode(fields, opts.as ?? "json");
  return t.request(path, {
    method: "POST",
    cookie: opts.cookie,
    headers: { ...headers, "x-test-ip": nextIp(), "accept-language": opts.lang ?? "en" },
    body,
  });
}

/** The session token a response set: the cookie's value up to the signature. */
function sessionToken(res: Response): string {
  const line = res.headers.getSetCookie().find((c) => c.startsWith("better-auth.session_token="));
  expect(line, "a session cookie").toBeTruthy();
  const value = decodeURIComponent(line!.split(";")[0].slice("better-auth.session_token=".length));
  return value.split(".")[0];
}

/** Every key of a JSON value, at any depth. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]);
  return [];
}

const SECRET_KEYS = ["token", "accessToken", "refreshToken", "idToken", "password"];

async function expectNoSecrets(res: Response, tokens: string[]) {
  const text = await res.text();
  for (const token of tokens) expect(text).not.toContain(token);
  const keys = keysOf(JSON.parse(text));
  for (const k of SECRET_KEYS) expect(keys).not.toContain(k);
  return JSON.parse(text) as unknown;
}

describe("better-auth's endpoints take JSON only", () => {
  const limited = [
    ["/api/auth/sign-in/email", { email: "someone@example.test", password: "whatever-1" }],
    ["/api/auth/sign-up/email", { email: "new@example.test", password: "sturdy-fern-42", name: "New" }],
    ["/api/auth/sign-in/email-otp", { email: "someone@example.test", otp: "123456" }],
    ["/api/auth/request-password-reset", { email: "someone@example.test", redirectTo: "/en/auth/reset-password" }],
    ["/api/auth/email-otp/send-verification-otp", { email: "someone@example.test", type: "sign-in" }],
    ["/api/auth/send-verification-email", { email: "someone@example.test" }],
    ["/api/auth/change-password", { currentPassword: "whatever-1", newPassword: "sturdy-fern-42" }],
  ] as const satisfies [string, Fields][];

  it("refuses form, multipart and text bodies with 415 and a translated message", async () => {
    // A new address each time: the per-address limits of recovery and codes are not what this is about.
    const fresh = (fields: Fields) => ({ ...fields, email: `enc-${++ip}@example.test` });
    for (const [path, fields] of limited) {
      for (const as of ["form", "multipart", "text"] as const) {
        const en = await post(path, fresh(fields), { as, lang: "en" });
        expect(en.status, `${as} ${path}`).toBe(415);
        expect((await en.json()).message).toBe("This request must be sent as JSON.");
      }
      const es = await post(path, fresh(fields), { as: "form", lang: "es" });
      expect(es.status).toBe(415);
      expect((await es.json()).message).toBe("Esta solicitud debe enviarse como JSON.");
    }
  });

  it("never signs in with the right password sent form-encoded", async () => {
    const u = await createUser(t.services.db, { password: "right-horse-9" });
    for (const as of ["form", "multipart", "text"] as const) {
      const res = await post("/api/auth/sign-in/email", { email: u.email, password: "right-horse-9" }, { as });
      expect(res.status, as).toBe(415);
      expect(res.headers.getSetCookie().join()).not.toContain("session_token");
    }
    expect((await post("/api/auth/sign-in/email", { email: u.email, password: "right-horse-9" })).status).toBe(200);
  });

  it("counts form-encoded failures against the account: after 10, even the right password is refused", async () => {
    const u = await createUser(t.services.db, { password: "right-horse-9" });
    for (let i = 0; i < 10; i++)
      expect([401, 415]).toContain((await post("/api/auth/sign-in/email", { email: u.email, password: "nope" }, { as: "form" })).status);
    const formRight = await post("/api/auth/sign-in/email", { email: u.email, password: "right-horse-9" }, { as: "form" });
    expect([415, 429]).toContain(formRight.status);
    expect(formRight.headers.getSetCookie().join()).not.toContain("session_token");
    const jsonRight = await post("/api/auth/sign-in/email", { email: u.email, password: "right-horse-9" });
    expect(jsonRight.status).toBe(429);
    expect((await jsonRight.json()).message).toBe("Too many requests. Please wait a moment and try again.");
  });

  it("counts every encoding together, whatever the case of the address", async () => {
    const u = await createUser(t.services.db, { password: "right-horse-9" });
    const encodings: Encoding[] = ["json", "json", "json", "form", "form", "multipart", "multipart", "text", "text", "json"];
    for (const [i, as] of encodings.entries()) {
      const email = i % 2 ? u.email.toUpperCase() : u.email;
      expect([401, 415]).toContain((await post("/api/auth/sign-in/email", { email, password: "nope" }, { as })).status);
    }
    expect((await post("/api/auth/sign-in/email", { email: u.email, password: "right-horse-9" })).status).toBe(429);
  });

  it("locks code sign-in after the failures too", async () => {
    const u = await createUser(t.services.db, { password: "right-horse-9" });
    for (let i = 0; i < 10; i++)
      await post("/api/auth/sign-in/email", { email: u.email, password: "nope" }, { as: i % 2 ? "multipart" : "form" });
    expect((await post("/api/auth/sign-in/email-otp", { email: u.email, otp: "123456" })).status).toBe(429);
  });
});

describe("the password rules hold on better-auth's endpoints", () => {
  it("refuses common and short passwords at sign-up, in the request's language; a good one registers", async () => {
    for (const password of ["password", "123456", "qwerty123"]) {
      const en = await post("/api/auth/sign-up/email", { email: `c-${++ip}@example.test`, password, name: "C" }, { lang: "en" });
      expect(en.status, password).toBe(400);
      expect((await en.json()).message).toBe("This password is one of the most used and easy to guess. Choose another one.");
      const es = await post("/api/auth/sign-up/email", { email: `c-${++ip}@example.test`, password, name: "C" }, { lang: "es" });
      expect(es.status).toBe(400);
      expect((await es.json()).message).toBe("Esta contraseña es de las más usadas y fáciles de adivinar. Elige otra.");
    }
    const short = await post("/api/auth/sign-up/email", { email: `c-${++ip}@example.test`, password: "x9!", name: "C" }, { lang: "es" });
    expect(short.status).toBe(400);
    expect((await short.json()).message).toBe("La contraseña debe tener al menos 6 caracteres.");
    // The language cookie wins over Accept-Language, as on the pages.
    const byCookie = await t.request("/api/auth/sign-up/email", {
      method: "POST",
      cookie: "lng=es",
      headers: { "content-type": "application/json", "accept-language": "en", "x-test-ip": nextIp() },
      body: JSON.stringify({ email: `c-${++ip}@example.test`, password: "123456", name: "C" }),
    });
    expect((await byCookie.json()).message).toBe("Esta contraseña es de las más usadas y fáciles de adivinar. Elige otra.");
    expect((await post("/api/auth/sign-up/email", { email: `c-${++ip}@example.test`, password: "sturdy-fern-42", name: "C" })).status).toBe(
      200,
    );
  });

  it("refuses a common new password at change-password; a good one is accepted", async () => {
    const u = await createUser(t.services.db, { password: "right-horse-9" });
    const cookie = cookiesFrom(await post("/api/auth/sign-in/email", { email: u.email, password: "right-horse-9" }));
    const common = await post(
      "/api/auth/change-password",
      { currentPassword: "right-horse-9", newPassword: "123456" },
      { cookie, lang: "en" },
    );
    expect(common.status).toBe(400);
    expect((await common.json()).message).toBe("This password is one of the most used and easy to guess. Choose another one.");
    const ok = await post("/api/auth/change-password", { currentPassword: "right-horse-9", newPassword: "sturdy-fern-42" }, { cookie });
    expect(ok.status).toBe(200);
    expect((await post("/api/auth/sign-in/email", { email: u.email, password: "sturdy-fern-42" })).status).toBe(200);
  });

  it("refuses a common password at reset-password; a good one is accepted", async () => {
    const u = await createUser(t.services.db, { password: "right-horse-9" });
    expect((await post("/api/auth/request-password-reset", { email: u.email, redirectTo: "/en/auth/reset-password" })).status).toBe(200);
    await expect.poll(() => smtp.received.some((m) => m.to.includes(u.email)), { timeout: 10_000 }).toBe(true);
    const mail = smtp.received.find((m) => m.to.includes(u.email))!;
    const token = /\/api\/auth\/reset-password\/([^?\s]+)/.exec(mail.text)![1];
    const common = await post("/api/auth/reset-password", { token, newPassword: "qwerty123" }, { lang: "es" });
    expect(common.status).toBe(400);
    expect((await common.json()).message).toBe("Esta contraseña es de las más usadas y fáciles de adivinar. Elige otra.");
    expect((await post("/api/auth/reset-password", { token, newPassword: "sturdy-fern-42" })).status).toBe(200);
    expect((await post("/api/auth/sign-in/email", { email: u.email, password: "sturdy-fern-42" })).status).toBe(200);
  });

  it("holds in-process too, for the endpoints the site does not offer over HTTP", async () => {
    const u = await createUser(t.services.db, { password: "right-horse-9" });
    const cookie = cookiesFrom(await post("/api/auth/sign-in/email", { email: u.email, password: "right-horse-9" }));
    const refusal = (run: Promise<unknown>) =>
      run.then(
        () => null,
        (err: { body?: { code?: string; message?: string } }) => err.body,
      );
    expect(
      await refusal(
        t.services.auth.api.setPassword({ body: { newPassword: "123456" }, headers: new Headers({ cookie, "accept-language": "es" }) }),
      ),
    ).toEqual({
      code: "PASSWORD_COMMON",
      message: "Esta contraseña es de las más usadas y fáciles de adivinar. Elige otra.",
    });
    expect(
      await refusal(
        t.services.auth.api.resetPasswordEmailOTP({
          body: { email: u.email, otp: "123456", password: "password" },
          headers: new Headers({ "accept-language": "en" }),
        }),
      ),
    ).toEqual({
      code: "PASSWORD_COMMON",
      message: "This password is one of the most used and easy to guess. Choose another one.",
    });
  });

  it("closes the code endpoints of code types nobody is mailed, and the password oracle", async () => {
    const u = await createUser(t.services.db, { password: "right-horse-9" });
    const cookie = cookiesFrom(await post("/api/auth/sign-in/email", { email: u.email, password: "right-horse-9" }));
    for (const [path, fields] of [
      ["/api/auth/email-otp/request-password-reset", { email: u.email }],
      ["/api/auth/forget-password/email-otp", { email: u.email }],
      ["/api/auth/email-otp/reset-password", { email: u.email, otp: "123456", password: "sturdy-fern-42" }],
      ["/api/auth/email-otp/check-verification-otp", { email: u.email, otp: "123456", type: "sign-in" }],
      ["/api/auth/email-otp/verify-email", { email: u.email, otp: "123456" }],
      ["/api/auth/email-otp/request-email-change", { newEmail: "elsewhere@example.test" }],
      ["/api/auth/email-otp/change-email", { newEmail: "elsewhere@example.test", otp: "123456" }],
      ["/api/auth/verify-password", { password: "nope-nope" }],
      // The profile pages change the name and picture (with their checks and the verification hold).
      ["/api/auth/update-user", { name: "Renamed", image: "https://tracker.example/pixel.png" }],
    ] as const) {
      expect((await post(path, fields, { cookie })).status, path).toBe(404);
    }
    const [row] = await t.services.db.select({ name: users.name, image: users.image }).from(users).where(eq(users.id, u.id));
    expect(row).toEqual({ name: expect.not.stringMatching("Renamed"), image: null });
  });
});

describe("session tokens stay in the cookie", () => {
  it("sign-up and sign-in answer no token, and their cookie works", async () => {
    const up = await post("/api/auth/sign-up/email", { email: `tok-${++ip}@example.test`, password: "sturdy-fern-42", name: "Tok" });
    expect(up.status).toBe(200);
    const upToken = sessionToken(up);
    const upBody = (await expectNoSecrets(up, [upToken])) as { user: { email: string } };
    expect(upBody.user.email).toMatch(/^tok-/);
    const upSession = await t.request("/api/auth/get-session", { cookie: cookiesFrom(up) });
    expect(((await upSession.json()) as { user: { email: string } }).user.email).toBe(upBody.user.email);

    const u = await createUser(t.services.db, { password: "right-horse-9" });
    const signIn = await post("/api/auth/sign-in/email", { email: u.email, password: "right-horse-9" });
    expect(signIn.status).toBe(200);
    const token = sessionToken(signIn);
    expect(((await expectNoSecrets(signIn, [token])) as { user: { id: string } }).user.id).toBe(u.id);
    const session = await t.request("/api/auth/get-session", { cookie: cookiesFrom(signIn) });
    expect(session.status).toBe(200);
    const body = (await expectNoSecrets(session, [token])) as { user: { id: string }; session: { id: string; userId: string } };
    expect(body.user.id).toBe(u.id);
    expect(body.session.userId).toBe(u.id);
  });

  it("list-sessions and list-accounts answer no token", async () => {
    const u = await createUser(t.services.db, { password: "right-horse-9" });
    const first = await post("/api/auth/sign-in/email", { email: u.email, password: "right-horse-9" });
    const second = await post("/api/auth/sign-in/email", { email: u.email, password: "right-horse-9" });
    const tokens = [sessionToken(first), sessionToken(second)];
    const list = await t.request("/api/auth/list-sessions", { cookie: cookiesFrom(second) });
    expect(list.status).toBe(200);
    const sessions = (await expectNoSecrets(list, tokens)) as { id: string; userId: string }[];
    expect(sessions).toHaveLength(2);
    expect(sessions.every((s) => s.userId === u.id && s.id)).toBe(true);
    const accounts = await t.request("/api/auth/list-accounts", { cookie: cookiesFrom(second) });
    expect(accounts.status).toBe(200);
    expect((await expectNoSecrets(accounts, tokens)) as unknown[]).toHaveLength(1);
  });

  it("change-password and code sign-in answer no token either", async () => {
    const u = await createUser(t.services.db, { password: "right-horse-9" });
    const cookie = cookiesFrom(await post("/api/auth/sign-in/email", { email: u.email, password: "right-horse-9" }));
    const changed = await post(
      "/api/auth/change-password",
      { currentPassword: "right-horse-9", newPassword: "sturdy-fern-42", revokeOtherSessions: true },
      { cookie },
    );
    expect(changed.status).toBe(200);
    await expectNoSecrets(changed, changed.headers.getSetCookie().length ? [sessionToken(changed)] : []);

    expect((await post("/api/auth/email-otp/send-verification-otp", { email: u.email, type: "sign-in" })).status).toBe(200);
    await expect.poll(() => smtp.received.some((m) => m.to.includes(u.email)), { timeout: 10_000 }).toBe(true);
    const otp = /\b(\d{6})\b/.exec(smtp.received.filter((m) => m.to.includes(u.email)).at(-1)!.text)![1];
    const signed = await post("/api/auth/sign-in/email-otp", { email: u.email, otp });
    expect(signed.status).toBe(200);
    const token = sessionToken(signed);
    await expectNoSecrets(signed, [token]);
    expect((await t.request("/api/auth/get-session", { cookie: cookiesFrom(signed) })).status).toBe(200);
  });
});
