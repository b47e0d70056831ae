/**
 * An image worker thread: decodes, resizes and re-encodes one image at a time with sharp, so the request
 * path's event loop never waits on an image. Bundled as build/server/image-worker.js; run from source
 * through tsx in development and tests (see pool.ts). Imports nothing from the project but types.
 */
import { parentPort } from "node:worker_threads";
import sharp from "sharp";
import type { ImageJobAnswer, ImageJobMessage, WorkerReady } from "./protocol";

// One libvips thread per image and no cache: the pool's size is what bounds the CPU and memory used.
sharp.concurrency(1);
sharp.cache(false);

const port = parentPort;
if (!port) throw new Error("image worker: started outside a worker thread");

port.on("message", (job: ImageJobMessage) => {
  void run(job).then(
    (answer) => port.postMessage(answer),
    (err: unknown) => port.postMessage(failure(job.id, err)),
  );
});
port.postMessage({ ready: true } satisfies WorkerReady);

class Refusal extends Error {
  constructor(readonly reason: "type" | "dimensions" | "output_too_large" | "timeout") {
    super(reason);
  }
}

function failure(id: number, err: unknown): ImageJobAnswer {
  if (err instanceof Refusal) return { id, ok: false, reason: err.reason, message: err.message };
  const message = err instanceof Error ? err.message : String(err);
  // sharp's own time limit rejects with "timeout: N% complete"; anything else is an image libvips refused.
  return { id, ok: false, reason: /timeout/i.test(message) ? "timeout" : "type", message };
}

async function run(job: ImageJobMessage): Promise<ImageJobAnswer> {
  const deadline = Date.now() + job.timeoutMs;
  const secondsLeft = () => {
    const left = deadline - Date.now();
    if (left <= 0) throw new Refusal("timeout");
    return Math.max(1, Math.ceil(left / 1000));
  };
  const input = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
  const options = { limitInputPixels: job.limitInputPixels, failOn: "error" } as const;

  // Headers again, now through libvips: it must agree with what was checked before decoding.
  const meta = await sharp(input, options).metadata();
  if (meta.format !== job.expect.format) throw new Refusal("type");
  if (meta.width !== job.expect.width || meta.height !== job.expect.height) throw new Refusal("dimensions");

  let last: { body: Buffer; width: number; height: number; quality: number } | null = null;
  for (const quality of job.qualities) {
    const { data, info } = await sharp(input, options)
      .timeout({ seconds: secondsLeft() })
      .rotate() // apply the EXIF orientation before the metadata goes
      // "inside" is a bound (at most this wide and high): a smaller picture keeps its size, never blown up.
      .resize(job.width, job.height, { fit: job.fit, position: job.position, withoutEnlargement: job.fit === "inside" })
      .webp({ quality, effort: job.effort })
      .toBuffer({ resolveWithObject: true });
    last = { body: data, width: info.width, height: info.height, quality };
    if (job.maxOutputBytes === null || data.byteLength < job.maxOutputBytes) break;
  }
  if (!last || (job.maxOutputBytes !== null && last.body.byteLength >= job.maxOutputBytes)) throw new Refusal("output_too_large");
  return { id: job.id, ok: true, body: new Uint8Array(last.body), width: last.width, height: last.height, quality: last.quality };
}
