import { mkdir, rm, writeFile } from "node:fs/promises";
import { dirname, join, normalize, sep } from "node:path";

/**
 * Uploaded files. The local driver writes under UPLOADS_DIR and the app serves them at /media/<key>.
 * Keys are chosen by the server (never by the uploader) and contain a content hash, so a changed file gets a
 * new URL and can be cached for a year.
 */
export class Storage {
  constructor(readonly root: string) {}

  private pathFor(key: string): string {
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

  async remove(key: string): Promise<void> {
    await rm(this.pathFor(key), { force: true });
  }

  urlFor(key: string): string {
    return `/media/${key}`;
  }

  /** The key of one of our own URLs, or null for anything else. */
  keyOf(url: string | null | undefined): string | null {
    return url?.startsWith("/media/") ? url.slice("/media/".length) : null;
  }
}
