import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalS3, type LocalS3 } from "#tests/support/s3-server";
import { LocalStorage, type Storage } from "./storage";
import { openS3Storage } from "./storage-s3";

/**
 * One behaviour, two providers: the local disk, and an S3 bucket on a real S3-compatible server (s3rver, on a
 * free port with its files in a temporary folder). Whatever an area does with `storage` works on either.
 */
const providers: { name: string; open(): Promise<{ storage: Storage; close(): Promise<void> }> }[] = [
  {
    name: "LocalStorage",
    async open() {
      const root = mkdtempSync(join(tmpdir(), "storage-test-"));
      return { storage: new LocalStorage(root), close: async () => rmSync(root, { recursive: true, force: true }) };
    },
  },
  {
    name: "S3Storage",
    async open() {
      const s3: LocalS3 = await startLocalS3();
      const storage = await openS3Storage({ ...s3.settings, region: "us-east-1" });
      return {
        storage,
        async close() {
          storage.close();
          await s3.close();
        },
      };
    },
  },
];

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (body: Uint8Array | undefined) => new TextDecoder().decode(body);

describe.each(providers)("$name", ({ open }) => {
  let storage: Storage;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, close } = await open());
  });
  afterAll(() => close());

  it("stores bytes under a key and gives them back with their type, and the key's /media URL", async () => {
    const url = await storage.put("avatars/u1/abc123.webp", bytes("RIFF-webp"), { contentType: "image/webp" });
    expect(url).toBe("/media/avatars/u1/abc123.webp");
    expect(storage.urlFor("avatars/u1/abc123.webp")).toBe(url);
    expect(storage.keyOf(url)).toBe("avatars/u1/abc123.webp");
    expect(storage.keyOf("https://elsewhere.example/media/x.png")).toBeNull();
    expect(storage.keyOf(null)).toBeNull();
    const file = await storage.read("avatars/u1/abc123.webp");
    expect(text(file?.body)).toBe("RIFF-webp");
    expect(file?.contentType).toBe("image/webp");
  });

  it("keeps the type a file was stored with, or its name's when none was given", async () => {
    await storage.put("docs/readme.txt", bytes("hello"), { contentType: "text/plain" });
    expect((await storage.read("docs/readme.txt"))?.contentType).toBe("text/plain");
    await storage.put("logos/c1/def456.png", bytes("png"));
    expect((await storage.read("logos/c1/def456.png"))?.contentType).toBe("image/png");
  });

  it("replaces a file stored again under the same key", async () => {
    await storage.put("featured/token1.webp", bytes("first"));
    await storage.put("featured/token1.webp", bytes("second"));
    expect(text((await storage.read("featured/token1.webp"))?.body)).toBe("second");
  });

  it("says a missing file is not there: read and stat are null, remove does nothing", async () => {
    expect(await storage.read("avatars/nobody/none.webp")).toBeNull();
    expect(await storage.stat("avatars/nobody/none.webp")).toBeNull();
    await expect(storage.remove("avatars/nobody/none.webp")).resolves.toBeUndefined();
    expect(await storage.list("nothing-here/")).toEqual([]);
  });

  it("tells a file's size and last change", async () => {
    const before = Date.now();
    await storage.put("stat/one.png", bytes("12345"));
    const info = await storage.stat("stat/one.png");
    expect(info?.size).toBe(5);
    // S3 keeps whole seconds.
    expect(info!.modifiedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(info!.modifiedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("lists the files directly under a folder with their last change, not those of deeper folders", async () => {
    await storage.put("listing/a.webp", bytes("a"));
    await storage.put("listing/b.webp", bytes("b"));
    await storage.put("listing/deeper/c.webp", bytes("c"));
    await storage.put("listing-other/d.webp", bytes("d"));
    const listed = await storage.list("listing/");
    expect(listed.map((f) => f.key).sort()).toEqual(["listing/a.webp", "listing/b.webp"]);
    for (const f of listed) expect(f.modifiedAt).toBeInstanceOf(Date);
    expect((await storage.list("listing")).map((f) => f.key).sort()).toEqual(["listing/a.webp", "listing/b.webp"]);
  });

  it("removes a file", async () => {
    await storage.put("gone/x.png", bytes("x"));
    await storage.remove("gone/x.png");
    expect(await storage.read("gone/x.png")).toBeNull();
    expect(await storage.list("gone/")).toEqual([]);
  });

  it("keeps private files like any other (read by the routes that check who asks)", async () => {
    await storage.put("private/resumes/u1/cv.pdf", bytes("%PDF-1.4"), { contentType: "application/pdf" });
    const file = await storage.read("private/resumes/u1/cv.pdf");
    expect(text(file?.body)).toBe("%PDF-1.4");
    expect(file?.contentType).toBe("application/pdf");
    expect((await storage.list("private/resumes/u1")).map((f) => f.key)).toEqual(["private/resumes/u1/cv.pdf"]);
  });

  it("refuses keys that could name something outside the store", async () => {
    for (const key of ["../etc/passwd", "/abs.png", "a/../../b.png", "a//b.png", "a/.hidden", "sp ace.png"]) {
      await expect(storage.put(key, bytes("x")), key).rejects.toThrow(/storage key/);
      await expect(storage.read(key), key).rejects.toThrow(/storage key/);
    }
  });
});
