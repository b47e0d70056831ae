import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { ImageJobAnswer, ImageJobMessage, WorkerReady } from "./protocol";

export type ImagePoolOptions = {
  /** Worker threads at most (each handles one image at a time, with one libvips thread). */
  size?: number;
  /** A job's time limit, from the moment a worker takes it. sharp's own timeout gets the same budget. */
  timeoutMs?: number;
  /** Past the limit, sharp is given this long to give up by itself before its worker is terminated. */
  killGraceMs?: number;
  /** Jobs waiting for a worker at most; more are refused as "busy". */
  maxQueue?: number;
  /** An idle worker is stopped after this long (a new one starts with the next image). */
  idleMs?: number;
};

export type ImagePoolStats = { workers: number; busy: number; queued: number; killed: number; started: number };

export class ImagePoolError extends Error {
  constructor(
    readonly reason: "timeout" | "busy" | "closed" | "crashed",
    message: string,
  ) {
    super(message);
    this.name = "ImagePoolError";
  }
}

type Job = Omit<ImageJobMessage, "id" | "timeoutMs">;
type Pending = { message: ImageJobMessage; transfer: ArrayBuffer[]; resolve: (a: ImageJobAnswer) => void; reject: (e: Error) => void };
type Slot = { worker: Worker; ready: boolean; job: Pending | null; timer?: NodeJS.Timeout; idleTimer?: NodeJS.Timeout };

const here = dirname(fileURLToPath(import.meta.url));

/**
 * Where the worker's code is: next to the server bundle (build/server/image-worker.js, built by
 * scripts/build-server.mjs), or, running from source (development, tests), worker.ts started through tsx.
 */
function workerEntry(): { file: URL; workerData?: unknown } {
  const bundled = join(here, "image-worker.js");
  if (existsSync(bundled)) return { file: pathToFileURL(bundled) };
  const source = join(here, "worker.ts");
  if (existsSync(source)) return { file: pathToFileURL(join(here, "worker-dev.mjs")), workerData: { entry: pathToFileURL(source).href } };
  throw new Error(`image worker not found next to ${here}: build the server (npm run build)`);
}

/**
 * A small pool of worker threads for image work (decode, resize, re-encode), off the request path's event
 * loop. Each job has a time limit: past it the worker is terminated and replaced, and the job fails with
 * ImagePoolError("timeout"). Workers are unref'd: an idle pool never keeps the process alive.
 */
export class ImagePool {
  readonly size: number;
  readonly timeoutMs: number;
  private readonly killGraceMs: number;
  private readonly maxQueue: number;
  private readonly idleMs: number;
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;
  private killed = 0;
  private started = 0;

  constructor(opts: ImagePoolOptions = {}) {
    this.size = Math.max(1, opts.size ?? Math.min(2, availableParallelism() - 1));
    this.timeoutMs = opts.timeoutMs ?? 20_000;
    this.killGraceMs = opts.killGraceMs ?? 2_000;
    this.maxQueue = opts.maxQueue ?? 16;
    this.idleMs = opts.idleMs ?? 60_000;
  }

  /** Runs one job on a worker; `transfer` lists buffers handed to the worker (they become unusable here). */
  run(job: Job, transfer: ArrayBuffer[] = []): Promise<ImageJobAnswer> {
    if (this.closed) return Promise.reject(new ImagePoolError("closed", "the image pool is closed"));
    if (this.queue.length >= this.maxQueue) return Promise.reject(new ImagePoolError("busy", "too many images waiting"));
    return new Promise((resolve, reject) => {
      this.queue.push({ message: { ...job, id: this.nextId++, timeoutMs: this.timeoutMs }, transfer, resolve, reject });
      this.pump();
    });
  }

  stats(): ImagePoolStats {
    return {
      workers: this.slots.length,
      busy: this.slots.filter((s) => s.job).length,
      queued: this.queue.length,
      killed: this.killed,
      started: this.started,
    };
  }

  /** Refuses new jobs, fails the waiting and running ones, and stops every worker. */
  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.reject(new ImagePoolError("closed", "the image pool is closed"));
    const slots = this.slots.splice(0);
    for (const slot of slots) this.release(slot)?.reject(new ImagePoolError("closed", "the image pool is closed"));
    await Promise.all(slots.map((s) => s.worker.terminate().catch(() => undefined)));
  }

  private pump() {
    for (const slot of this.slots) {
      if (!this.queue.length) return;
      if (slot.ready && !slot.job) this.assign(slot, this.queue.shift()!);
    }
    const starting = this.slots.filter((s) => !s.ready).length;
    try {
      for (let wanted = this.queue.length - starting; wanted > 0 && this.slots.length < this.size; wanted--) this.spawn();
    } catch (err) {
      // No worker file (an incomplete build): every waiting job fails now rather than waiting forever.
      const failed = new ImagePoolError("crashed", `image worker could not start: ${(err as Error).message}`);
      for (const p of this.queue.splice(0)) p.reject(failed);
    }
  }

  private spawn() {
    const entry = workerEntry();
    const worker = new Worker(entry.file, { workerData: entry.workerData, name: "image-worker" });
    worker.unref();
    this.started++;
    const slot: Slot = { worker, ready: false, job: null };
    this.slots.push(slot);
    worker.on("message", (msg: ImageJobAnswer | WorkerReady) => {
      if ("ready" in msg) {
        slot.ready = true;
        this.pump();
        this.idleLater(slot);
        return;
      }
      if (slot.job?.message.id !== msg.id) return;
      const pending = this.release(slot)!;
      pending.resolve(msg);
      this.pump();
      this.idleLater(slot);
    });
    const gone = (err: Error) => {
      if (!this.slots.includes(slot)) return;
      this.slots.splice(this.slots.indexOf(slot), 1);
      const failed = new ImagePoolError("crashed", `image worker stopped: ${err.message}`);
      if (!slot.ready) {
        // A worker that cannot even start (missing build, broken install) would fail every replacement too.
        for (const p of this.queue.splice(0)) p.reject(failed);
      }
      this.release(slot)?.reject(failed);
      this.pump();
    };
    worker.on("error", gone);
    worker.on("exit", (code) => gone(new Error(`exit code ${code}`)));
  }

  private assign(slot: Slot, pending: Pending) {
    clearTimeout(slot.idleTimer);
    slot.job = pending;
    slot.timer = setTimeout(() => this.kill(slot), this.timeoutMs + this.killGraceMs);
    slot.worker.postMessage(pending.message, pending.transfer);
  }

  /** Frees the slot of its job, which it returns. */
  private release(slot: Slot): Pending | null {
    clearTimeout(slot.timer);
    clearTimeout(slot.idleTimer);
    const pending = slot.job;
    slot.job = null;
    return pending;
  }

  /** The job overran its limit: its worker is terminated (native work included) and replaced on demand. */
  private kill(slot: Slot) {
    const i = this.slots.indexOf(slot);
    if (i < 0) return;
    this.slots.splice(i, 1);
    this.killed++;
    this.release(slot)?.reject(new ImagePoolError("timeout", `image work took over ${this.timeoutMs} ms`));
    void slot.worker.terminate().catch(() => undefined);
    this.pump();
  }

  private idleLater(slot: Slot) {
    if (slot.job || !this.slots.includes(slot)) return;
    clearTimeout(slot.idleTimer);
    slot.idleTimer = setTimeout(() => {
      if (slot.job || !this.slots.includes(slot)) return;
      this.slots.splice(this.slots.indexOf(slot), 1);
      void slot.worker.terminate().catch(() => undefined);
    }, this.idleMs);
    slot.idleTimer.unref();
  }
}
