import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#server/db/factories";
import { sessions } from "#server/db/schema";
import { testApp, type TestApp } from "#tests/support/app";

/**
 * Behind a proxy that appends to X-Forwarded-For (`CLIENT_IP_HEADER=x-forwarded-for`, one trusted hop), a
 * client writing its own X-Forwarded-For gets nothing from it: the limits count the address the proxy saw,
 * and the session records it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ CLIENT_IP_HEADER: "x-forwarded-for" });
});
afterAll(() => t.close());

const promoGuess = (forwardedFor: string, i: number) =>
  t.request("/en/collaborate.data", {
    method: "POST",
    headers: { "x-forwarded-for": forwardedFor, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "promo", promoCode: `GUESS${i}`, featureType: "homepage" }).toString(),
  });

describe("the client's address behind a proxy", () => {
  it("limits promo guesses by the address the proxy appended, whatever the client wrote in front of it", async () => {
    const answers: string[] = [];
    for (let i = 0; i < 25; i++) answers.push(await (await promoGuess(`10.66.${i}.1, 198.51.100.7`, i)).text());
    const limited = answers.filter((a) => a.includes("errors:rate_limited")).length;
    expect(limited).toBe(5);
    // Another client behind the same proxy has its own budget.
    expect(await (await promoGuess("198.51.100.8", 99)).text()).not.toContain("errors:rate_limited");
  });

  it("records on the session the address the proxy saw, not a header the client sets", async () => {
    const user = await createUser(t.services.db, { password: "address-pass-1" });
    const res = await t.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": "6.6.6.6, 203.0.113.50",
        "x-nexo-client-address": "7.7.7.7",
      },
      body: JSON.stringify({ email: user.email, password: "address-pass-1" }),
    });
    expect(res.status).toBe(200);
    const [session] = await t.services.db.select({ ip: sessions.ipAddress }).from(sessions).where(eq(sessions.userId, user.id));
    expect(session.ip).toBe("203.0.113.50");
  });
});
