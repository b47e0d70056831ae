import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookiesFrom, signIn, TEST_ORIGIN, testApp, type TestApp } from "#tests/support/app";
import { createUser, type CreatedUser } from "#server/db/factories";

/**
 * No open redirect through ?redirectTo= on the sign-in pages. Every trick of the corpus
 * (tests/fixtures/redirect-corpus.json), on every page that follows it, with and without a language prefix:
 * the Location stays on the site, and the tricks fall back to the dashboard in the page's language.
 */
type Corpus = { count: number; groups: Record<string, string[]> };
const corpus = JSON.parse(readFileSync(new URL("../../tests/fixtures/redirect-corpus.json", import.meta.url), "utf8")) as Corpus;
const entries = Object.entries(corpus.groups).flatMap(([group, values]) =>
  values.map((value) => ({ group, value, refused: group !== "harmless" })),
);
type Entry = (typeof entries)[number];

const ROUTES = ["/login", "/auth/login", "/register", "/auth/code", "/auth/callback"];
const PREFIXES = ["", "/en", "/es"] as const;
const BATCH = 24;

let t: TestApp;
let user: CreatedUser;
let cookie: string;
let ip = 0;
// Every request from its own address, so the per-address limits of the auth pages never get in the way.
const nextIp = () => `198.18.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

beforeAll(async () => {
  t = await testApp({ CLIENT_IP_HEADER: "x-test-ip" });
  user = await createUser(t.services.db, { password: "right-horse-9" });
  cookie = await signIn(t, user.email, user.password);
});
afterAll(async () => {
  await t.close();
});

/** Runs the checks in parallel batches and returns what went wrong (an empty list when all is well). */
async function inBatches<T>(items: T[], check: (item: T) => Promise<string | null>): Promise<string[]> {
  const problems: string[] = [];
  for (let i = 0; i < items.length; i += BATCH) {
    for (const p of await Promise.all(items.slice(i, i + BATCH).map(check))) if (p) problems.push(p);
  }
  return problems;
}

/** Why this redirect would leave the site (or not go where it should), or null. */
function leaves(res: Response, pageUrl: string, entry: Entry, expected: string | null): string | null {
  const location = res.headers.get("location");
  const what = `${pageUrl} ${JSON.stringify(entry.value)}`;
  // Refused at the door (server/http/bad-input.ts answers 400 to control characters in the query): no redirect at all.
  if (res.status === 400 && location === null) return null;
  if (res.status < 300 || res.status > 399 || location === null) return `${what}: ${res.status} without a Location`;
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (!/^\/(?![/\\])/.test(location) || /[\u0000-\u0020\u007f\\]/.test(location)) return `${what}: Location ${JSON.stringify(location)}`;
  const target = new URL(location, TEST_ORIGIN + pageUrl);
  if (target.origin !== TEST_ORIGIN) return `${what}: goes to ${target.origin}`;
  if (expected !== null && location !== expected) return `${what}: Location ${JSON.stringify(location)}, expected ${expected}`;
  return null;
}

const query = (value: string) => `?redirectTo=${encodeURIComponent(value)}`;

describe("a signed-in visit to a sign-in page with ?redirectTo=", () => {
  it("uses a corpus of at least 100 tricks", () => {
    expect(entries.length).toBe(corpus.count);
    expect(entries.length).toBeGreaterThanOrEqual(100);
  });

  for (const route of ROUTES) {
    it.each(PREFIXES)(
      `${route} (prefix %j) stays on the site for every entry`,
      async (prefix) => {
        const problems = await inBatches(entries, async (entry) => {
          const url = `${prefix}${route}${query(entry.value)}`;
          const res = await t.request(url, { cookie, headers: { "x-test-ip": nextIp() } });
          return leaves(res, url, entry, entry.refused ? `${prefix}/dashboard` : null);
        });
        expect(problems).toEqual([]);
      },
      60_000,
    );
  }

  it.each(PREFIXES)(
    "/login (prefix %j) also with the value unencoded in the query, as a crafted link would carry it",
    async (prefix) => {
      const problems = await inBatches(entries, async (entry) => {
        const url = `${prefix}/login?redirectTo=${entry.value}`;
        let res: Response;
        try {
          res = await t.request(url, { cookie, headers: { "x-test-ip": nextIp() } });
        } catch {
          return null; // Not a URL a browser could send.
        }
        return leaves(res, url, entry, null);
      });
      expect(problems).toEqual([]);
    },
    60_000,
  );
});

/** The hidden redirectTo field and the form's action, as the page hands them to the browser. */
function signInForm(html: string): { action: string | null; redirectTo: string } {
  const unescape = (s: string) =>
    s.replace(/&(#x?[0-9a-f]+|amp|lt|gt|quot|apos);/gi, (_, e: string) => {
      const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
      if (named[e.toLowerCase()]) return named[e.toLowerCase()];
      return String.fromCodePoint(e[1].toLowerCase() === "x" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
    });
  const form = [...html.matchAll(/<form[^>]*>[\s\S]*?<\/form>/g)].find((f) => f[0].includes('name="password"'));
  if (!form) throw new Error("no sign-in form on the page");
  const action = /<form[^>]*action="([^"]*)"/.exec(form[0])?.[1];
  const redirectTo =
    /<input[^>]*name="redirectTo"[^>]*value="([^"]*)"/.exec(form[0])?.[1] ??
    /<input[^>]*value="([^"]*)"[^>]*name="redirectTo"/.exec(form[0])?.[1];
  if (redirectTo === undefined) throw new Error("no redirectTo field on the page");
  return { action: action === undefined ? null : unescape(action), redirectTo: unescape(redirectTo) };
}

describe("signing in through the page that was opened with ?redirectTo=", () => {
  for (const route of ["/login", "/auth/login"]) {
    it(`${route} lands on the site for every entry (prefixes in turn)`, async () => {
      const problems = await inBatches(
        entries.map((entry, i) => ({ entry, prefix: PREFIXES[(i + (route === "/login" ? 0 : 1)) % PREFIXES.length] })),
        async ({ entry, prefix }) => {
          const pageUrl = `${prefix}${route}${query(entry.value)}`;
          const page = await t.request(pageUrl, { headers: { "x-test-ip": nextIp() } });
          if (page.status === 400) return null; // Refused at the door: there is no form to sign in through.
          if (page.status !== 200) return `${pageUrl}: the page answered ${page.status}`;
          const { action, redirectTo } = signInForm(await page.text());
          const postUrl = action ?? pageUrl;
          const res = await t.request(postUrl, {
            method: "POST",
            cookie: cookiesFrom(page),
            headers: { "content-type": "application/x-www-form-urlencoded", "x-test-ip": nextIp() },
            body: new URLSearchParams({ email: user.email, password: user.password, redirectTo }).toString(),
          });
          if (!res.headers.getSetCookie().some((c) => c.includes("session_token=")))
            return `${postUrl} ${JSON.stringify(entry.value)}: not signed in (${res.status})`;
          return leaves(res, postUrl, entry, entry.refused ? `${prefix}/dashboard` : null);
        },
      );
      expect(problems).toEqual([]);
    }, 120_000);
  }

  it("/auth/login lands on the site when the form field itself carries the trick", async () => {
    const problems = await inBatches(
      entries.map((entry, i) => ({ entry, prefix: PREFIXES[(i + 2) % PREFIXES.length] })),
      async ({ entry, prefix }) => {
        const url = `${prefix}/auth/login`;
        const res = await t.request(url, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", "x-test-ip": nextIp() },
          body: new URLSearchParams({ email: user.email, password: user.password, redirectTo: entry.value }).toString(),
        });
        return leaves(res, url, entry, entry.refused ? `${prefix}/dashboard` : null);
      },
    );
    expect(problems).toEqual([]);
  }, 120_000);

  it("still returns to the page the person came from", async () => {
    const cases = [
      ["/es/login", "/account?tab=x", "/es/account?tab=x"],
      ["/en/auth/login", "/community/general/some-thread#post-3", "/en/community/general/some-thread#post-3"],
      ["/en/auth/login", "/es/account", "/en/account"],
      ["/login", "/en/notifications", "/notifications"],
    ] as const;
    for (const [page, redirectTo, expected] of cases) {
      const res = await t.request(page, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-test-ip": nextIp() },
        body: new URLSearchParams({ email: user.email, password: user.password, redirectTo }).toString(),
      });
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe(expected);
      const signedIn = await t.request(`${page}?redirectTo=${encodeURIComponent(redirectTo)}`, {
        cookie,
        headers: { "x-test-ip": nextIp() },
      });
      expect(signedIn.headers.get("location")).toBe(expected);
    }
  });
});

describe("forms that go back to the page they were on", () => {
  it.each(["/api/v1/site/theme", "/api/v1/site/consent"])("%s stays on the site for every entry", async (path) => {
    const problems = await inBatches(entries, async (entry) => {
      const res = await t.request(path, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-test-ip": nextIp() },
        body: new URLSearchParams({ theme: "dark", choice: "essentials", returnTo: entry.value }).toString(),
      });
      return leaves(res, path, entry, entry.refused ? "/" : null);
    });
    expect(problems).toEqual([]);
  });
});
