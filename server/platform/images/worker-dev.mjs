// Development and tests run the server from TypeScript source: this starts worker.ts through tsx.
// The production build bundles the worker instead (build/server/image-worker.js, see scripts/build-server.mjs).
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.entry);
