import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestApp } from "#tests/support/app";

/** Single sign-on is offered only for providers whose keys are configured. */
describe("single sign-on", () => {
  let withKeys: TestApp;
  let without: TestApp;
  beforeAll(async () => {
    withKeys = await testApp({
      GOOGLE_CLIENT_ID: "google-id",
      GOOGLE_CLIENT_SECRET: "google-secret",
      DISCORD_CLIENT_ID: "discord-id",
      DISCORD_CLIENT_SECRET: "discord-secret",
    });
    without = await testApp();
  });
  afterAll(async () => {
    await withKeys.close();
    await without.close();
  });

  it("shows a button for each configured provider only", async () => {
    const html = await (await withKeys.request("/en/auth/login")).text();
    // (The texts themselves also travel in the page's translations; the buttons are what counts.)
    const buttons = (page: string) => [...page.matchAll(/action="\/en\/auth\/sso\/([a-z]+)"/g)].map((m) => m[1]);
    expect(buttons(html)).toEqual(["google", "discord"]);
    expect(html).toContain(">Continue with Google</button>");
    expect(buttons(await (await without.request("/en/auth/register")).text())).toEqual([]);
  });

  it("sends the browser to the provider with our callback and a state cookie, returning to /auth/callback", async () => {
    const res = await withKeys.request("/en/auth/sso/google", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "redirectTo=%2Faccount",
    });
    expect(res.status).toBe(303);
    const to = new URL(res.headers.get("location")!);
    expect(to.origin).toBe("https://accounts.google.com");
    expect(to.searchParams.get("client_id")).toBe("google-id");
    expect(to.searchParams.get("redirect_uri")).toBe("http://localhost:3999/api/auth/callback/google");
    expect(to.searchParams.get("state")).toBeTruthy();
    expect(res.headers.getSetCookie().some((c) => /HttpOnly/i.test(c) && /SameSite=Lax/i.test(c))).toBe(true);
  });

  it("refuses a provider without keys, and an unknown one", async () => {
    for (const provider of ["twitch", "myspace"]) {
      const res = await withKeys.request(`/en/auth/sso/${provider}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "",
      });
      expect(res.status, provider).toBe(303);
      expect(res.headers.get("location")).toBe("/en/auth/login?sso=unavailable");
    }
    expect(await (await withKeys.request("/en/auth/login?sso=unavailable")).text()).toContain("This sign-in method is not available.");
  });
});
