import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { processLogo } from "#server/modules/admin/company-logo";
import { checkImageHeader, closeImagePool, IMAGE_RULES, ImagePool, ImageRefused, processImage, readImageHeader, type ImageRules } from ".";
import { oneColourPng } from "#tests/support/test-images";

const refusalOf = async (p: Promise<unknown>) =>
  p.then(
    () => "no refusal",
    (err: unknown) => (err instanceof ImageRefused ? err.reason : `unexpected ${String(err)}`),
  );
const codeOf = async (p: Promise<unknown>) =>
  p.then(
    () => "no error",
    (err: { code?: string }) => err.code ?? String(err),
  );
const noise = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 40 } } });
const solid = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: channels === 4 ? "#4a78" : "#4a7" } });

/** A pool that fails the test if anything reaches it: what is refused on the header is never decoded. */
const untouchablePool = () => {
  const pool = new ImagePool();
  pool.run = () => {
    throw new Error("the image reached a decoder");
  };
  return pool;
};

afterAll(() => closeImagePool());

describe("readImageHeader: format and dimensions from the first bytes", () => {
  it("reads PNG, JPEG (baseline and progressive, with EXIF) and the three WebP headers (VP8, VP8L, VP8X)", async () => {
    const cases: [Buffer, string][] = [
      [await solid(1234, 567).png().toBuffer(), "png"],
      [await solid(1234, 567).jpeg().toBuffer(), "jpeg"],
      [
        await solid(1234, 567)
          .jpeg({ progressive: true })
          .withExif({ IFD0: { Make: "Cam" } })
          .toBuffer(),
        "jpeg",
      ],
      [await solid(1234, 567).webp().toBuffer(), "webp"],
      [await solid(1234, 567).webp({ lossless: true }).toBuffer(), "webp"],
      [await solid(1234, 567, 4).webp().toBuffer(), "webp"],
    ];
    expect(
      cases
        .map(([b]) => b.subarray(12, 16).toString("latin1"))
        .filter((c) => c.startsWith("VP8"))
        .sort(),
    ).toEqual(["VP8 ", "VP8L", "VP8X"]);
    for (const [bytes, format] of cases) expect(readImageHeader(new Uint8Array(bytes))).toEqual({ format, width: 1234, height: 567 });
  });

  it("reads a hand-made 100000×10 PNG of about a kilobyte", () => {
    const bomb = oneColourPng(100_000, 10);
    expect(bomb.byteLength).toBeLessThan(2048);
    expect(readImageHeader(bomb)).toEqual({ format: "png", width: 100_000, height: 10 });
  });

  it("answers null for garbage, other formats and truncated headers", async () => {
    const png = new Uint8Array(await solid(20, 20).png().toBuffer());
    const jpeg = new Uint8Array(await solid(20, 20).jpeg().toBuffer());
    const webp = new Uint8Array(await solid(20, 20).webp().toBuffer());
    const gif = new Uint8Array(await solid(20, 20).gif().toBuffer());
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>');
    for (const bytes of [new Uint8Array(), new TextEncoder().encode("not an image at all"), gif, svg, new Uint8Array(64).fill(0xff)]) {
      expect(readImageHeader(bytes)).toBeNull();
    }
    // Cut before the dimensions: never a guess.
    expect(readImageHeader(png.subarray(0, 20))).toBeNull();
    expect(readImageHeader(webp.subarray(0, 27))).toBeNull();
    const sof = jpeg.findIndex((b, i) => b === 0xff && jpeg[i + 1] === 0xc0);
    expect(sof).toBeGreaterThan(0);
    expect(readImageHeader(jpeg.subarray(0, sof + 6))).toBeNull();
    expect(readImageHeader(jpeg.subarray(0, sof))).toBeNull();
    // A PNG whose first chunk is not IHDR, and one with a width of zero.
    const noIhdr = png.slice();
    noIhdr.set([0x49, 0x44, 0x41, 0x54], 12);
    expect(readImageHeader(noIhdr)).toBeNull();
    const zeroWide = png.slice();
    zeroWide.set([0, 0, 0, 0], 16);
    expect(readImageHeader(zeroWide)).toBeNull();
  });
});

describe("checkImageHeader: the limits, before decoding", () => {
  const rules: ImageRules = IMAGE_RULES.avatar;
  const headerOnly = (w: number, h: number) => oneColourPng(w, h).subarray(0, 33); // signature + IHDR: enough for the check

  it("refuses a huge side, an extreme aspect ratio and too many pixels; accepts normal images up to the limits", () => {
    const reason = (bytes: Uint8Array) => {
      try {
        checkImageHeader(bytes, rules);
        return "ok";
      } catch (err) {
        return (err as ImageRefused).reason;
      }
    };
    expect(reason(oneColourPng(100_000, 10))).toBe("dimensions");
    expect(reason(oneColourPng(10, 100_000))).toBe("dimensions");
    expect(reason(headerOnly(9000, 2000))).toBe("dimensions"); // a side over 8192
    expect(reason(headerOnly(801, 100))).toBe("dimensions"); // 8.01:1
    expect(reason(headerOnly(100, 801))).toBe("dimensions");
    expect(reason(headerOnly(8000, 6000))).toBe("dimensions"); // 48 MP > 40 MP
    expect(reason(headerOnly(800, 100))).toBe("ok"); // 8:1 exactly
    expect(reason(headerOnly(8192, 4096))).toBe("ok");
    expect(reason(headerOnly(512, 512))).toBe("ok");
    expect(reason(headerOnly(1, 1))).toBe("ok");
    expect(reason(new TextEncoder().encode("GIF89a"))).toBe("type");
    // The limits are per kind: a kind allowing 1:4 banners only would refuse 5:1.
    expect(() => checkImageHeader(headerOnly(500, 100), { ...rules, maxAspect: 4 })).toThrow(ImageRefused);
    expect(checkImageHeader(headerOnly(400, 100), { ...rules, maxAspect: 4 })).toEqual({ format: "png", width: 400, height: 100 });
  });

  it("processImage refuses the 100000×10 and 10×100000 PNGs without ever handing them to a decoder", async () => {
    const pool = untouchablePool();
    for (const bomb of [oneColourPng(100_000, 10), oneColourPng(10, 100_000)]) {
      const started = performance.now();
      expect(await refusalOf(processImage(bomb, { kind: "avatar", width: 512, height: 512, position: "attention", pool }))).toBe(
        "dimensions",
      );
      expect(performance.now() - started).toBeLessThan(50);
    }
    expect(await refusalOf(processImage(new TextEncoder().encode("<svg/>"), { kind: "logo", width: 256, height: 256, pool }))).toBe("type");
  });

  it("the avatar and logo operations turn it into images.dimensions with the limits for the message", async () => {
    await expect(processLogo(oneColourPng(100_000, 10))).rejects.toMatchObject({
      code: "images.dimensions",
      status: 422,
      details: { maxSide: 8192, maxAspect: 8, megapixels: 50 },
    });
    expect(await codeOf(processLogo(new TextEncoder().encode("<svg></svg>")))).toBe("accounts.avatar_type");
  });
});

describe("processImage in the worker pool", () => {
  it("re-encodes a normal image to WebP without metadata, applying the EXIF orientation", async () => {
    // 600×400 stored, orientation 6 (rotate 90°): shown as 400×600, so "inside" 300×300 gives 200×300.
    const jpeg = await solid(600, 400)
      .jpeg()
      .withExif({ IFD0: { Make: "SpyCam" } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const out = await processImage(new Uint8Array(jpeg), { kind: "avatar", width: 300, height: 300, fit: "inside" });
    const meta = await sharp(out.body).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 200, height: 300 });
    expect(meta.exif).toBeUndefined();
    expect(out.body.includes(Buffer.from("SpyCam"))).toBe(false);
    expect(await processLogo(new Uint8Array(await solid(640, 480).png().toBuffer()))).toMatchObject({
      name: expect.stringMatching(/^[0-9a-f]{32}\.webp$/),
    });
  });

  it("refuses a file whose header is fine but whose pixels are not (truncated), as the wrong type", async () => {
    const png = new Uint8Array(await noise(300, 300).png().toBuffer());
    expect(await refusalOf(processImage(png.subarray(0, 2000), { kind: "avatar", width: 64, height: 64 }))).toBe("type");
  });

  it("stops a job over its time limit, terminating and replacing its worker", async () => {
    const pool = new ImagePool({ size: 1, timeoutMs: 50, killGraceMs: 0 });
    try {
      const heavy = new Uint8Array(await noise(3000, 3000).png({ compressionLevel: 1 }).toBuffer());
      const small = new Uint8Array(await solid(64, 64).png().toBuffer());
      // A first small job starts the worker (its start-up is not counted in the limit).
      await processImage(small, { kind: "avatar", width: 32, height: 32, pool });
      const started = performance.now();
      expect(await refusalOf(processImage(heavy, { kind: "avatar", width: 512, height: 512, position: "attention", pool }))).toBe(
        "timeout",
      );
      expect(performance.now() - started).toBeLessThan(1000);
      expect(pool.stats()).toMatchObject({ killed: 1, busy: 0 });
      // The next image gets a new worker.
      const after = await processImage(small, { kind: "avatar", width: 32, height: 32, pool });
      expect(after.width).toBe(32);
      expect(pool.stats()).toMatchObject({ started: 2, workers: 1 });
    } finally {
      await pool.close();
    }
  });

  it("refuses jobs past its queue as busy, and everything once closed", async () => {
    const pool = new ImagePool({ size: 1, maxQueue: 2 });
    const small = async () => new Uint8Array(await solid(200, 200).png().toBuffer());
    const jobs = [await small(), await small(), await small()].map((bytes) =>
      refusalOf(processImage(bytes, { kind: "avatar", width: 64, height: 64, pool })),
    );
    expect((await Promise.all(jobs)).sort()).toEqual(["busy", "no refusal", "no refusal"]);
    await pool.close();
    await expect(processImage(await small(), { kind: "avatar", width: 64, height: 64, pool })).rejects.toMatchObject({ reason: "closed" });
  });
});
