import { Transform, type TransformCallback } from "node:stream";

/**
 * Joins what a writer writes in one turn of the event loop into one chunk. React writes a page as many small
 * chunks (a few KB each) in a single synchronous burst; sent as they come, each costs a compression flush and a
 * socket write (together a fifth of a thread page's CPU). Joined, a page built in one burst leaves in one
 * piece, and a part that streams in later (a Suspense boundary) still leaves as soon as it is written.
 */
export class CoalesceStream extends Transform {
  private parts: Uint8Array[] = [];
  private size = 0;
  private scheduled = false;

  constructor(private readonly onEnd?: () => void) {
    super();
  }

  override _transform(chunk: Uint8Array, _encoding: BufferEncoding, callback: TransformCallback) {
    this.parts.push(chunk);
    this.size += chunk.length;
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.release());
    }
    callback();
  }

  override _flush(callback: TransformCallback) {
    this.release();
    this.onEnd?.();
    callback();
  }

  private release() {
    this.scheduled = false;
    if (this.parts.length === 0) return;
    this.push(this.parts.length === 1 ? this.parts[0] : Buffer.concat(this.parts, this.size));
    this.parts = [];
    this.size = 0;
  }
}
