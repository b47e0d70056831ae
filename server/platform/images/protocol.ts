import type { ImageHeader } from "./header";

/** What the pool sends a worker: one image, what its header said, and the pipeline to run. */
export type ImageJobMessage = {
  id: number;
  bytes: Uint8Array;
  /** The header read before decoding: the decoder must see the same format and dimensions. */
  expect: ImageHeader;
  limitInputPixels: number;
  width: number;
  height: number;
  fit: "cover" | "contain" | "inside";
  position: "centre" | "attention" | "entropy";
  /** Tried in order until the output fits maxOutputBytes. */
  qualities: number[];
  effort: number;
  maxOutputBytes: number | null;
  /** The whole job's budget; each sharp pipeline gets what is left (sharp counts in whole seconds). */
  timeoutMs: number;
};

export type ImageJobAnswer =
  | { id: number; ok: true; body: Uint8Array; width: number; height: number; quality: number }
  | { id: number; ok: false; reason: "type" | "dimensions" | "output_too_large" | "timeout"; message: string };

export type WorkerReady = { ready: true };
