import { z } from "zod";
import { ROOM_DOCS, ROOM_LIMITS } from "#shared/rooms";

/** The room's id, as every room operation reads it from its input. */
export const roomIdInput = z.object({ roomId: z.string() });
export const docInput = z.enum(ROOM_DOCS);
const bytes = (max: number) =>
  z.instanceof(Uint8Array).refine((b) => b.byteLength > 0 && b.byteLength <= max, { message: "errors:input.invalid" });
export const updateInput = bytes(ROOM_LIMITS.updateBytesMax);
/** A state vector lists one clock per writer: small. */
export const stateVectorInput = z.instanceof(Uint8Array).refine((b) => b.byteLength <= 64 * 1024, { message: "errors:input.invalid" });
export const versionNumber = z.coerce.number().int().min(1).max(1_000_000);
