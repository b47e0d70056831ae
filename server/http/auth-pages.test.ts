import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sessions, users } from "#server/db/schema";
import { cookiesFrom, signIn, testApp, type TestApp } from "#tests/support/app";
import { createCompany, createUser } from "#server/db/factories";
import { startSmtpServer } from "#tests/support/smtp";

/** The sign-in and registration pages driven as a browser without JavaScript would: plain form posts. */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let ip = 0;

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
function post(path: string, fields: Record<string, string>, opts: { cookie?: string; ip?: string; origin?: string } = {}) {
  return t.request(path, {
    method: "POST",
    cookie: opts.cookie,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-test-ip": opts.ip ?? `192.0.2.${++ip}`,
      ...(opts.origin ? { origin: opts.origin } : {}),
    },
    body: form(fields),
  });
}
const get = (path: string, cookie?: string) => t.request(path, { cookie, headers: { "x-test-ip": `192.0.2.${++ip}` } });

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await testApp({ SMTP_URL: smtp.url, CLIENT_IP_HEADER: "x-test-ip" });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/**
 * Rate limits count per clock minute (fixed windows): a burst runs with the clock held one second into the next
 * minute, so all of it shares one window whatever the time (only Date is held; timers run as usual).
 */
async function inOneMinute(burst: () => Promise<void>) {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ["Date"], now: now - (now % 60_000) + 61_000 });
  try {
    await burst();
  } finally {
    vi.useRealTimers();
  }
}

describe("registration page", () => {
  it("registers a creator, lands on the dashboard, and the mailed link confirms the email", async () => {
    const res = await post("/en/auth/register", {
      role: "creator",
      username: "maya_makes",
      email: "Maya@Example.test",
      password: "lantern-fish-42",
      confirmPassword: "lantern-fish-42",
      redirectTo: "/dashboard",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/en/dashboard?welcome=1");
    const cookie = cookiesFrom(res);
    const dash = await get("/en/dashboard?welcome=1", cookie);
    expect(dash.status).toBe(200);
    const html = await dash.text();
    expect(html).toContain("We sent a confirmation link to maya@example.test");
    expect(html).toContain("Confirm your email to post, request keys and submit content.");

    const mail = smtp.received.find((m) => m.to.includes("maya@example.test"))!;
    expect(mail.subject).toBe("Confirm your email for Nexo Indie");
    const link = /(http:\/\/localhost:3999\/api\/auth\/verify-email[^\s]+)/.exec(mail.text)![1];
    const verified = await t.request(link.replace("http://localhost:3999", ""), { cookie });
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toBe("/en/auth/callback?verified=1");
    const cb = await get("/en/auth/callback?verified=1", cookiesFrom(verified, cookie));
    expect(await cb.text()).toContain("Email confirmed");
  });

  it("keeps what was typed (never the password) and explains each problem", async () => {
    const res = await post("/en/auth/register", {
      role: "company",
      username: "moon_base",
      email: "studio@example.test",
      password: "moon-base-31",
      confirmPassword: "moon-base-32",
      companyName: "Moon Base",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Passwords do not match.");
    expect(html).toContain("Enter the name of the person who represents the company.");
    expect(html).toContain('value="studio@example.test"');
    expect(html).toContain('value="moon_base"');
    expect(html).toContain('value="Moon Base"');
    expect(html).not.toContain("moon-base-31");
  });

  it("says 'Email already in use' in the page's language", async () => {
    await createUser(t.services.db, { email: "ya@example.test" });
    const res = await post("/es/auth/register", {
      role: "creator",
      username: "ya_llegue",
      email: "YA@example.test",
      password: "lantern-fish-42",
      confirmPassword: "lantern-fish-42",
    });
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(html).toContain("Este correo ya está registrado. Prueba a iniciar sesión.");
    expect(html).toContain("Inicia sesión con esa dirección");
  });

  it("refuses a cross-origin form post", async () => {
    const res = await post(
      "/en/auth/register",
      { role: "creator", username: "x_visitor", email: "x@example.test", password: "lantern-fish-42", confirmPassword: "lantern-fish-42" },
      { origin: "https://evil.test" },
    );
    expect(res.status).toBe(403);
    expect(await t.services.db.select().from(users).where(eq(users.email, "x@example.test"))).toHaveLength(0);
  });
});

describe("sign-in page", () => {
  it("asks for both fields, refuses wrong passwords and returns to the page the person came from", async () => {
    const u = await createUser(t.services.db, { email: "back@example.test", password: "right-horse-9" });
    const missing = await post("/en/auth/login", { email: u.email, password: "" });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("You must provide either an email or phone number and a password.");
    const wrong = await post("/en/login", { email: u.email, password: "wrong-horse" });
    expect(wrong.status).toBe(401);
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toContain("The email or the password is not correct.");
    expect(wrongHtml).toContain('value="back@example.test"');
    const ok = await post("/es/login", { email: u.email, password: "right-horse-9", redirectTo: "/account?tab=1" });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/es/account?tab=1");
  });

  it.each(["//evil.test/x", "https://evil.test", "/\\evil.test", "javascript:alert(1)"])(
    "never follows %s after sign-in",
    async (target) => {
      const u = await createUser(t.services.db, { password: "right-horse-9" });
      const ok = await post("/en/auth/login", { email: u.email, password: "right-horse-9", redirectTo: target });
      expect(ok.headers.get("location")).toBe("/en/dashboard");
    },
  );

  it("answers 429 with a translated message at the 7th attempt in a minute from one address", async () => {
    const u = await createUser(t.services.db, { password: "right-horse-9" });
    const statuses: number[] = [];
    let last: Response | undefined;
    await inOneMinute(async () => {
      for (let i = 0; i < 7; i++) {
        last = await post("/es/auth/login", { email: u.email, password: `guess-${i}` }, { ip: "198.51.100.7" });
        statuses.push(last.status);
      }
    });
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await last!.text()).toContain("Demasiadas solicitudes");
  });

  it("limits better-auth's own endpoint the same way, per IP and per account", async () => {
    const u = await createUser(t.services.db, { password: "right-horse-9" });
    const hit = (password: string, from: string) =>
      t.request("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json", "x-test-ip": from, "accept-language": "en" },
        body: JSON.stringify({ email: u.email, password }),
      });
    await inOneMinute(async () => {
      const codes: number[] = [];
      for (let i = 0; i < 7; i++) codes.push((await hit("nope", "203.0.113.1")).status);
      expect(codes.slice(0, 6).every((c) => c === 401)).toBe(true);
      const limited = await hit("nope", "203.0.113.1");
      expect(limited.status).toBe(429);
      expect((await limited.json()).message).toBe("Too many requests. Please wait a moment and try again.");
      // 10 failures from many addresses lock the account, even for the right password.
      for (let i = 0; i < 4; i++) await hit("nope", `203.0.113.${10 + i}`);
      expect((await hit("right-horse-9", "203.0.113.99")).status).toBe(429);
    });
  });
});

describe("sessions", () => {
  it("sends visitors of a protected page to /login with the original location, in their language", async () => {
    const res = await get("/es/dashboard");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/es/login?redirectTo=%2Fdashboard");
  });

  it("signs out a session that was revoked elsewhere and sends the person to log in (SPEC §7)", async () => {
    const u = await createUser(t.services.db, { password: "right-horse-9" });
    const cookie = await signIn(t, u.email, "right-horse-9");
    expect((await get("/en/dashboard", cookie)).status).toBe(200);
    await t.services.db.delete(sessions).where(eq(sessions.userId, u.id));
    const res = await get("/en/dashboard", cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/en/auth/login?expired=1&redirectTo=%2Fdashboard");
    const page = await get("/en/auth/login?expired=1", cookie);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Your session has ended. Please sign in again.");
  });

  it("holds a pending company on its verification page from everywhere but the auth pages", async () => {
    const c = await createCompany(t.services.db, { password: "right-horse-9", verified: false });
    const cookie = await signIn(t, c.email, "right-horse-9");
    for (const path of ["/en", "/en/dashboard", "/en/about", "/en/account", "/en/u/someone"]) {
      const res = await get(path, cookie);
      expect(res.headers.get("location"), path).toBe("/en/company/verification");
    }
    expect((await get("/en/auth/verify-email", cookie)).status).toBe(200);
  });

  it("signs out with a form post, and the sign-out of a signed-out person is not an error", async () => {
    const u = await createUser(t.services.db, { password: "right-horse-9" });
    const cookie = await signIn(t, u.email, "right-horse-9");
    const out = await t.request("/api/v1/session/sign-out", { method: "POST", cookie, headers: { accept: "application/json" } });
    expect(await out.json()).toEqual({ signedOut: true });
    const again = await t.request("/api/v1/session/sign-out", { method: "POST", headers: { accept: "application/json" } });
    expect(again.status).toBe(200);
  });
});

describe("recovery and codes through the pages", () => {
  it("resets a password from the mailed link", async () => {
    const u = await createUser(t.services.db, { email: "lost@example.test", password: "old-horse-1" });
    const asked = await post("/en/auth/forgot-password", { email: u.email });
    expect(await asked.text()).toContain("If an account exists for lost@example.test");
    const mail = smtp.received.find((m) => m.to.includes(u.email))!;
    const link = /(http:\/\/localhost:3999\/api\/auth\/reset-password[^\s]+)/.exec(mail.text)![1];
    const jump = await t.request(link.replace("http://localhost:3999", ""));
    const target = jump.headers.get("location")!.replace("http://localhost:3999", "");
    expect(target).toMatch(/^\/en\/auth\/reset-password\?token=/);
    const page = await get(target);
    expect(await page.text()).toContain("Choose a new password");
    const token = new URL(target, "http://x").searchParams.get("token")!;
    const done = await post("/en/auth/reset-password", { token, password: "new-horse-2", confirmPassword: "new-horse-2" });
    expect(done.headers.get("location")).toBe("/en/auth/login?reset=1");
    expect((await post("/en/auth/login", { email: u.email, password: "new-horse-2" })).status).toBe(303);
  });

  it("signs in with a one-time code", async () => {
    const u = await createUser(t.services.db, { email: "otp@example.test" });
    const sent = await post("/en/auth/code", { intent: "send", email: u.email });
    expect(await sent.text()).toContain("we sent a 6-digit code");
    const code = /\b(\d{6})\b/.exec(smtp.received.filter((m) => m.to.includes(u.email)).at(-1)!.text)![1];
    const ok = await post("/en/auth/code", { intent: "verify", email: u.email, code });
    expect(ok.status).toBe(303);
    expect(ok.headers.getSetCookie().join()).toContain("better-auth.session_token=");
  });
});

describe("cookies in production over https", () => {
  it("are __Secure-, Secure, HttpOnly and SameSite=Lax", async () => {
    const secure = await testApp({ BASE_URL: "https://nexo.example", NODE_ENV: "production" });
    try {
      const u = await createUser(secure.services.db, { password: "right-horse-9" });
      const res = await secure.app.request("https://nexo.example/en/auth/login", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://nexo.example" },
        body: form({ email: u.email, password: "right-horse-9" }),
      });
      expect(res.status).toBe(303);
      const session = res.headers.getSetCookie().find((c) => c.startsWith("__Secure-better-auth.session_token="))!;
      expect(session).toMatch(/; Secure/i);
      expect(session).toMatch(/; HttpOnly/i);
      expect(session).toMatch(/; SameSite=Lax/i);
    } finally {
      await secure.close();
    }
  });
});
