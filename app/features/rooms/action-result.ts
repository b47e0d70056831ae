import type { FormFailure } from "#app/lib/form";

/** What a room page's action answers: a failure (actionFailure's shape) or a success with its message key. */
export type RoomActionSuccess = { ok: true; intent: string; message: string; messageValues?: Record<string, string | number> };
export type RoomActionResult = RoomActionSuccess | (FormFailure & { intent?: string });
