import { mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { dirname, extname, join, normalize, sep } from "node:path";

/**
 * Every stored file goes through this interface: avatars, logos, game art, thumbnails, resumes, room files.
 * Keys are chosen by the server (never by the uploader). Public keys contain a content hash, so a changed file
 * gets a new URL and the app serves it at /media/<key> with a year's cache. Keys under `private/` are never
 * served by /media: an operation that checked who is asking reads them with `read` and answers itself.
 */
export interface Storage {
  /** Stores the bytes under the key and returns the public URL (meaningless for a private key). */
  put(key: string, body: Uint8Array, options?: { contentType?: string }): Promise<string>;
  /** The bytes and type of a stored file, or null when there is none. */
  read(key: string): Promise<StoredFile | null>;
  /** Size and last change of a stored file, or null when there is none. */
  stat(key: string): Promise<{ size: number; modifiedAt: Date } | null>;
  /** The files directly under a folder (`featured/`), with their last change. */
  list(prefix: string): Promise<{ key: string; modifiedAt: Date }[]>;
  remove(key: string): Promise<void>;
  urlFor(key: string): string;
  /** The key of one of our own URLs, or null for anything else. */
  keyOf(url: string | null | undefined): string | null;
}

export type StoredFile = { body: Uint8Array; contentType: string };

export const PRIVATE_PREFIX = "private/";
export const isPrivateKey = (key: string) => key.startsWith(PRIVATE_PREFIX);

const KEY = /^(?:[A-Za-z0-9_~-][A-Za-z0-9._~-]*\/)*[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/;

/** Whether a string is a key the store could hold: no `..`, absolute paths or odd characters. */
export const isStorageKey = (key: string) => KEY.test(key) && !key.split("/").some((part) => part === "..");

/** Refuses a key that could name something outside the store (`..`, absolute paths, odd characters). */
export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`invalid storage key: ${key}`);
}

const TYPES: Record<string, string> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".svg": "image/svg+xml",
  ".pdf": "application/pdf",
  ".csv": "text/csv",
  ".txt": "text/plain",
};

/** Every type a stored file may be answered with. */
export const KNOWN_CONTENT_TYPES: ReadonlySet<string> = new Set(Object.values(TYPES));

/** The type a key's extension names (what the local disk can tell of a file it did not label). */
export const contentTypeOf = (key: string) => TYPES[extname(key).toLowerCase()] ?? "application/octet-stream";

const MEDIA = "/media/";

/** Every provider's files are answered by the app at /media/<key> (server/http/media.ts). */
export const mediaUrlFor = (key: string) => `${MEDIA}${key}`;
export const mediaKeyOf = (url: string | null | undefined) => (url?.startsWith(MEDIA) ? url.slice(MEDIA.length) : null);

/** The local disk (the default): files under UPLOADS_DIR. */
export class LocalStorage implements Storage {
  constructor(readonly root: string) {}

  private pathFor(key: string): string {
    assertStorageKey(key);
    const p = normalize(join(this.root, key));
    if (!p.startsWith(this.root + sep)) throw new Error(`storage key escapes the root: ${key}`);
    return p;
  }

  async put(key: string, body: Uint8Array): Promise<string> {
    const p = this.pathFor(key);
    await mkdir(dirname(p), { recursive: true });
    await writeFile(p, body);
    return this.urlFor(key);
  }

  async read(key: string): Promise<StoredFile | null> {
    try {
      return { body: await readFile(this.pathFor(key)), contentType: contentTypeOf(key) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT" || (err as NodeJS.ErrnoException).code === "EISDIR") return null;
      throw err;
    }
  }

  async stat(key: string): Promise<{ size: number; modifiedAt: Date } | null> {
    const info = await stat(this.pathFor(key)).catch(() => null);
    return info?.isFile() ? { size: info.size, modifiedAt: info.mtime } : null;
  }

  async list(prefix: string): Promise<{ key: string; modifiedAt: Date }[]> {
    const folder = prefix.replace(/\/+$/, "");
    const dir = this.pathFor(folder);
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    const out: { key: string; modifiedAt: Date }[] = [];
    for (const e of entries) {
      if (!e.isFile()) continue;
      const info = await stat(join(dir, e.name)).catch(() => null);
      if (info) out.push({ key: `${folder}/${e.name}`, modifiedAt: info.mtime });
    }
    return out;
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathFor(key), { force: true });
  }

  urlFor(key: string): string {
    return mediaUrlFor(key);
  }

  keyOf(url: string | null | undefined): string | null {
    return mediaKeyOf(url);
  }
}
