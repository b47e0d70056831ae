import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookiesFrom, testApp, type TestApp } from "#tests/support/app";

/**
 * Refusing cookies is as easy as accepting them (AEPD, EDPB). The banner offers "Only
 * essential" beside "Accept all", as the same button, and it works without JavaScript: a form post that
 * records essential-only consent.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const bannerOf = (html: string) =>
  html.slice(html.indexOf('<section id="cookie-banner"'), html.indexOf("</section>", html.indexOf('<section id="cookie-banner"')));
/** The banner's forms, each with its hidden choice and its button. */
const formsOf = (banner: string) =>
  [...banner.matchAll(/<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/g)].map(([, action, inner]) => ({
    action,
    choice: /name="choice" value="([^"]+)"/.exec(inner)?.[1],
    button: /<button([^>]*)>([^<]*)<\/button>/.exec(inner),
  }));
const consentCookie = (res: Response) => decodeURIComponent(/cookie_consent=([^;]+)/.exec(res.headers.getSetCookie().join())?.[1] ?? "");

const words = { es: { only: "Solo esenciales", all: "Aceptar todas" }, en: { only: "Only essential", all: "Accept all" } } as const;

describe("the cookie banner's one-click refusal", () => {
  for (const locale of ["es", "en"] as const) {
    it(`offers "${words[locale].only}" beside "${words[locale].all}", as the same kind of button, in a plain form (${locale})`, async () => {
      const html = await (await t.request(`/${locale}/about`)).text();
      const forms = formsOf(bannerOf(html));
      const only = forms.find((f) => f.choice === "essential");
      const all = forms.find((f) => f.choice === "all");
      expect(only?.button?.[2]).toBe(words[locale].only);
      expect(all?.button?.[2]).toBe(words[locale].all);
      expect(only!.action).toBe("/api/v1/site/consent");
      // Same style and size: the same classes.
      const classOf = (b: RegExpExecArray | null | undefined) => /class="([^"]+)"/.exec(b?.[1] ?? "")?.[1];
      expect(classOf(only!.button)).toBe(classOf(all!.button));
      expect(classOf(only!.button)).toContain("btn-primary");
      // Side by side: the refusal's form comes right before the acceptance's.
      expect(forms.indexOf(only!) + 1).toBe(forms.indexOf(all!));
    });
  }

  it("records essential-only consent from the form post and hides the banner", async () => {
    const res = await t.request("/api/v1/site/consent", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "choice=essential&returnTo=%2Fes%2Fabout",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/es/about");
    expect(consentCookie(res)).toBe('{"essentials":true,"analytics":false}');
    expect(res.headers.getSetCookie().join()).toContain("Max-Age=31536000");
    const after = await (await t.request("/es/about", { cookie: cookiesFrom(res) })).text();
    expect(after).not.toContain('id="cookie-banner"');
  });

  it("never turns analytics on with the refusal, whatever else the post carries", async () => {
    const res = await t.request("/api/v1/site/consent", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "choice=essential&analytics=on&returnTo=%2Fen%2F",
    });
    expect(consentCookie(res)).toBe('{"essentials":true,"analytics":false}');
  });

  it("records essential-only consent from a fetch call (JSON)", async () => {
    const res = await t.request("/api/v1/site/consent", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ analytics: false }),
    });
    expect(await res.json()).toEqual({ consent: { essentials: true, analytics: false } });
    expect(consentCookie(res)).toBe('{"essentials":true,"analytics":false}');
  });
});
