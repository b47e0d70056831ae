import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, testApp, type TestApp } from "#tests/support/app";
import { createUser, type CreatedUser } from "#server/db/factories";
import { profiles } from "#server/db/schema";
import { oneColourPng } from "#tests/support/test-images";

/**
 * A 1 KB PNG claiming 100000×10 pixels made the avatar resize build a gigantic intermediate image
 * (70–110 s of CPU each; four at once stopped every page). Through the real app and its React Router build.
 */
describe("image uploads with extreme dimensions over HTTP", () => {
  let t: TestApp;
  let me: CreatedUser;
  let cookie: string;

  beforeAll(async () => {
    t = await testApp();
    me = await createUser(t.services.db, { username: "Image_Person", email: "image_person@example.test", password: "image-pass-1" });
    cookie = await signIn(t, me.email, me.password);
  });
  afterAll(() => t.close());

  const uploadAvatar = (bytes: Uint8Array, lang: "en" | "es") => {
    const form = new FormData();
    form.set("intent", "avatar");
    form.set("avatar", new File([bytes as Uint8Array<ArrayBuffer>], "tiny.png", { type: "image/png" }));
    return t.request(`/${lang}/account?index`, { method: "POST", cookie, body: form });
  };
  const storedAvatars = async () => (await t.services.storage.list(`avatars/${me.id}/`)).map((f) => f.key);

  it("refuses 100000×10 and 10×100000 PNGs (four at once) with a translated 422, stores nothing, and /api/health answers meanwhile in under 200 ms", async () => {
    const wide = oneColourPng(100_000, 10);
    const tall = oneColourPng(10, 100_000);
    expect(Math.max(wide.byteLength, tall.byteLength)).toBeLessThan(2048);
    expect((await t.request("/api/health")).status).toBe(200); // warm

    const uploads = [uploadAvatar(wide, "en"), uploadAvatar(tall, "en"), uploadAvatar(wide, "es"), uploadAvatar(tall, "es")];
    const started = performance.now();
    const health = await t.request("/api/health");
    const elapsed = performance.now() - started;
    expect(health.status).toBe(200);
    expect(elapsed).toBeLessThan(200);

    const answers = await Promise.all(
      uploads.map(async (r) => {
        const res = await r;
        return { status: res.status, body: await res.text() };
      }),
    );
    for (const answer of answers) expect(answer.status).toBe(422);
    const en =
      "The image is too large to process: it can be at most 8192 pixels on each side and 40 megapixels in all, and its long side at most 8 times its short side.";
    const es =
      "La imagen es demasiado grande para procesarla: puede medir como máximo 8192 píxeles por lado y 40 megapíxeles en total, y su lado largo no puede superar 8 veces el corto.";
    expect(answers[0].body).toContain(en);
    expect(answers[1].body).toContain(en);
    expect(answers[2].body).toContain(es);
    expect(answers[3].body).toContain(es);

    const [row] = await t.services.db.select().from(profiles).where(eq(profiles.id, me.id));
    expect(row.avatarUrl).toBeNull();
    expect(await storedAvatars()).toEqual([]);
  });

  it("still takes a normal avatar through the worker pool: a 512×512 WebP", async () => {
    const png = new Uint8Array(
      await sharp({ create: { width: 800, height: 200, channels: 3, background: "#a47" } })
        .png()
        .toBuffer(),
    );
    const res = await uploadAvatar(png, "en");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Your avatar was updated.");
    const [row] = await t.services.db.select().from(profiles).where(eq(profiles.id, me.id));
    expect(row.avatarUrl).toMatch(/^\/media\/avatars\/.+\.webp$/);
    const media = await t.request(row.avatarUrl!);
    expect(await sharp(Buffer.from(await media.arrayBuffer())).metadata()).toMatchObject({ format: "webp", width: 512, height: 512 });
    expect(await storedAvatars()).toHaveLength(1);
  });
});
