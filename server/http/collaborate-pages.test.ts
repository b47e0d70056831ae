import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { featuredSubmissions, promoCodes } from "#server/db/schema";
import { createCompany } from "#server/db/factories";
import { companyGames } from "#server/db/schema";
import { signIn, testApp, type TestApp } from "#tests/support/app";
import { mainOf, textOf } from "#tests/support/pages";
import { startYoutubeStub, type YoutubeStub } from "#tests/support/youtube-stub";

/**
 * /collaborate as a browser without JavaScript meets it (the offer in both languages, a multipart form post,
 * errors that keep what was typed, the body limit), and the fetcher intents that JavaScript uses (YouTube
 * auto-fill, the live promo code check) through React Router's data requests.
 */
let t: TestApp;
let stub: YoutubeStub;
let ip = 0;
const headers = () => ({ "x-test-ip": `198.51.115.${++ip % 250}` });
let png: Uint8Array<ArrayBuffer>;

const fields = (over: Record<string, string> = {}) => ({
  intent: "submit",
  contactName: "Ana Pérez",
  contactEmail: `ana${++ip}@brisa.example`,
  studioName: "Brisa Studio",
  gameName: "Brisa",
  shortDescription: "A calm game about wind.",
  storeUrl: "https://store.steampowered.com/app/1",
  youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  releaseStatus: "released",
  featureType: "homepage",
  promoCode: "",
  ...over,
});

function postMultipart(path: string, values: Record<string, string | string[]>, image?: File, screenshots: File[] = []) {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) for (const one of [v].flat()) form.append(k, one);
  if (image) form.set("image", image);
  // As a browser sends an empty multiple file field: one part without a file.
  if (!screenshots.length) form.append("screenshots", new File([], "", { type: "application/octet-stream" }));
  for (const shot of screenshots) form.append("screenshots", shot);
  return t.request(path, { method: "POST", headers: headers(), body: form });
}
const postForm = (path: string, values: Record<string, string>) =>
  t.request(path, {
    method: "POST",
    headers: { ...headers(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(values).toString(),
  });

describe("/collaborate", () => {
  beforeAll(async () => {
    stub = await startYoutubeStub();
    t = await testApp({ YOUTUBE_OEMBED_URL: stub.url });
    png = new Uint8Array(
      await sharp({ create: { width: 1200, height: 675, channels: 3, background: "#3366aa" } })
        .png()
        .toBuffer(),
    );
  });
  afterAll(async () => {
    await t?.close();
    await stub?.close();
  });

  it("shows the offer with prices formatted for each language, and the form", async () => {
    const es = await t.request("/es/collaborate", { headers: headers() });
    expect(es.status).toBe(200);
    const esText = await textOf(es);
    expect(esText).toContain("Promociona tu juego");
    expect(esText).toMatch(/49,00\s€/);
    expect(esText).toMatch(/69,00\s€/);
    expect(esText).toContain("Portada");
    expect(esText).toContain("durante 14 días");
    const en = await t.request("/en/collaborate", { headers: headers() });
    const enText = await textOf(en);
    expect(enText).toContain("Feature your game");
    expect(enText).toContain("€49.00");
    expect(enText).toContain("€29.00");
    expect(enText).toContain("for 30 days");
    expect(enText).toMatch(/enctype="multipart\/form-data"/i);
    // The file control's words are ours (no native "Choose File" text).
    expect(enText).toContain('type="file"');
  });

  it("takes a multipart post without JavaScript and sends the payer to the checkout", async () => {
    const res = await postMultipart("/en/collaborate", fields(), new File([png], "cover.png", { type: "image/png" }));
    expect(res.status).toBe(302);
    const location = res.headers.get("location") ?? "";
    expect(location).toMatch(/\/checkout\/sandbox\//);
    const rows = await t.services.db.select().from(featuredSubmissions).where(eq(featuredSubmissions.gameName, "Brisa"));
    expect(rows.at(-1)).toMatchObject({ status: "pending_payment", locale: "en", amountMinor: 4900 });
  });

  it("a 100% promo code lands on the payment success page", async () => {
    await t.services.db.insert(promoCodes).values({ id: "promo-gratis", code: "GRATIS", discountType: "percentage", discountValue: 100 });
    const res = await postMultipart(
      "/es/collaborate",
      fields({ promoCode: "gratis", gameName: "Gratis" }),
      new File([png], "c.png", { type: "image/png" }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/es\/payment-success\?submission=[\w-]+$/);
  });

  it("a refused post keeps everything typed, names each field in the page's language, and keeps the image by a token", async () => {
    const typed = fields({ contactEmail: "not-an-email", shortDescription: "Tiny & typed", promoCode: "summer" });
    const res = await postMultipart("/es/collaborate", typed, new File([png], "cover.png", { type: "image/png" }));
    expect(res.status).toBe(400);
    const html = mainOf(await res.text());
    expect(html).toContain('value="not-an-email"');
    expect(html).toContain("Tiny &amp; typed");
    expect(html).toContain('value="summer"');
    expect(html).toContain('value="Brisa Studio"');
    expect(html).toMatch(/Algunos datos no son válidos|no es válid/i);
    expect(html).toMatch(/name="imageToken" value="[a-f0-9]{32}"/);
  });

  it("a file that is not an image is refused with a translated error (and no token to keep)", async () => {
    const res = await postMultipart("/en/collaborate", fields(), new File(["<svg/>"], "x.png", { type: "image/png" }));
    expect(res.status).toBe(400);
    const text = await textOf(res);
    expect(text).toContain("The image must be a PNG, JPG or WEBP file.");
    expect(text).toContain("Files cannot be kept after a failed send: choose the image again.");
  });

  it("takes screenshots without JavaScript; a refused one is named in the page's language while the others are kept", async () => {
    const shot = (name: string) => new File([png], name, { type: "image/png" });
    const typed = fields({ contactEmail: "not-an-email", gameName: "Galería" });
    const res = await postMultipart("/es/collaborate", typed, shot("cover.png"), [
      shot("uno.png"),
      new File(["<svg/>"], "notas.png", { type: "image/png" }),
      shot("dos.png"),
    ]);
    expect(res.status).toBe(400);
    const html = mainOf(await res.text());
    expect(html).toContain("No se ha añadido «notas.png»: una captura debe ser un archivo PNG, JPG o WEBP.");
    const kept = [...html.matchAll(/name="screenshotTokens" checked="" value="([a-f0-9]{32})"/g)].map((m) => m[1]!);
    expect(kept).toHaveLength(2);
    expect(html).toContain("Conservamos las 2 capturas que enviaste");
    expect(html).toContain(`src="/media/featured/${kept[0]}.webp"`);
    const imageToken = /name="imageToken" value="([a-f0-9]{32})"/.exec(html)![1]!;

    // The next send keeps the first, drops the second (unticked: not sent) and adds one: two screenshots stored.
    const sent = await postMultipart(
      "/es/collaborate",
      { ...fields({ gameName: "Galería" }), imageToken, screenshotTokens: [kept[0]!] },
      undefined,
      [shot("tres.png")],
    );
    expect(sent.status).toBe(302);
    const [row] = await t.services.db.select().from(featuredSubmissions).where(eq(featuredSubmissions.gameName, "Galería"));
    expect(row!.imageUrl).toBe(`/media/featured/${imageToken}.webp`);
    expect(row!.screenshots).toHaveLength(2);
    expect(row!.screenshots[0]).toBe(`/media/featured/${kept[0]}.webp`);
    expect(row!.screenshots).not.toContain(`/media/featured/${kept[1]}.webp`);
  });

  it("the form offers a multiple screenshot field, named in each language", async () => {
    const en = mainOf(await (await t.request("/en/collaborate", { headers: headers() })).text());
    expect(en).toMatch(/<input[^>]*name="screenshots"[^>]*>/);
    expect(/<input[^>]*name="screenshots"[^>]*>/.exec(en)![0]).toMatch(/multiple/);
    expect(en).toContain("Screenshots (optional)");
    expect(en).toContain("Up to 5 pictures of the game");
    const es = await textOf(await t.request("/es/collaborate", { headers: headers() }));
    expect(es).toContain("Capturas de pantalla (opcional)");
  });

  it("refuses a body over the route's limit (the image and five screenshots of 5 MB) with 413", async () => {
    const five = new Uint8Array(5 * 1024 * 1024);
    const files = (n: number) => Array.from({ length: n }, (_, i) => new File([five], `s${i}.png`, { type: "image/png" }));
    const res = await postMultipart("/en/collaborate", fields(), new File([five], "big.png", { type: "image/png" }), [
      ...files(5),
      new File([new Uint8Array(100 * 1024)], "extra.png", { type: "image/png" }),
    ]);
    expect(res.status).toBe(413);
    // Just under it, the post is read: six files of nearly 5 MB each are judged one by one (here, not images).
    const almost = new Uint8Array(5 * 1024 * 1024 - 4096);
    const read = await postMultipart(
      "/en/collaborate",
      fields(),
      new File([almost], "a.png", { type: "image/png" }),
      Array.from({ length: 5 }, (_, i) => new File([almost], `s${i}.png`, { type: "image/png" })),
    );
    expect(read.status).toBe(400);
    expect(await textOf(read)).toContain("“s0.png, s1.png, s2.png, s3.png, s4.png” was not added");
  });

  it("answers the auto-fill and promo check intents of the page's fetchers", async () => {
    const yt = await postForm("/en/collaborate.data", { intent: "youtube", youtubeUrl: "https://youtu.be/dQw4w9WgXcQ" });
    expect(yt.status).toBe(200);
    const ytBody = await yt.text();
    expect(ytBody).toContain("Brisa — Official Trailer");
    expect(ytBody).toContain("https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg");
    const bad = await postForm("/en/collaborate.data", { intent: "youtube", youtubeUrl: "https://example.com/video" });
    expect(await bad.text()).toContain("errors:promotions.youtube_required");
    const promo = await postForm("/en/collaborate.data", { intent: "promo", promoCode: "nothing", featureType: "homepage" });
    expect(await promo.text()).toContain("promotions:promo.outcomes.invalid");
  });

  it("a verified company starts from its own game (filled in, linked); another company's game fills nothing", async () => {
    const db = t.services.db;
    const owner = await createCompany(db, { password: "company-pass-123", verified: true, companyName: "Brisa Co" });
    const other = await createCompany(db, { password: "company-pass-123", verified: true, companyName: "Otra" });
    await db.insert(companyGames).values([
      {
        id: "game-own",
        companyId: owner.id,
        name: "Viento Sur",
        slug: "viento-sur",
        shortDescription: "Wind over the southern sea.",
        releaseStatus: "early_access",
        storeLinks: [{ store: "steam", url: "https://store.steampowered.com/app/77" }],
        trailerUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      },
      { id: "game-other", companyId: other.id, name: "Ajeno", slug: "ajeno", shortDescription: "Not yours.", releaseStatus: "released" },
    ]);
    const cookie = await signIn(t, owner.email, "company-pass-123");
    const page = mainOf(await (await t.request("/en/collaborate?game=game-own", { cookie, headers: headers() })).text());
    expect(page).toContain("Start from one of your games");
    expect(page).toContain('value="Viento Sur"');
    expect(page).toContain("Wind over the southern sea.");
    expect(page).toContain('value="https://store.steampowered.com/app/77"');
    expect(page).toContain('name="companyGameId" value="game-own"');
    const foreign = mainOf(await (await t.request("/en/collaborate?game=game-other", { cookie, headers: headers() })).text());
    expect(foreign).not.toContain("Ajeno");
    expect(foreign).not.toContain('name="companyGameId"');

    const form = new FormData();
    for (const [k, v] of Object.entries(fields({ companyGameId: "game-own", gameName: "Viento Sur" }))) form.append(k, v);
    form.set("image", new File([png], "c.png", { type: "image/png" }));
    const sent = await t.request("/en/collaborate", { method: "POST", cookie, headers: headers(), body: form });
    expect(sent.status).toBe(302);
    const [row] = await db.select().from(featuredSubmissions).where(eq(featuredSubmissions.gameName, "Viento Sur"));
    expect(row).toMatchObject({ companyId: owner.id, companyGameId: "game-own", submittedBy: owner.id });

    // Another company cannot link a game that is not its own, nor can a visitor.
    const otherCookie = await signIn(t, other.email, "company-pass-123");
    const refused = await postMultipart(
      "/en/collaborate",
      fields({ companyGameId: "game-own" }),
      new File([png], "c.png", { type: "image/png" }),
    );
    expect(refused.status).toBe(401);
    const form2 = new FormData();
    for (const [k, v] of Object.entries(fields({ companyGameId: "game-own" }))) form2.append(k, v);
    form2.set("image", new File([png], "c.png", { type: "image/png" }));
    expect((await t.request("/en/collaborate", { method: "POST", cookie: otherCookie, headers: headers(), body: form2 })).status).toBe(403);
  });
});
