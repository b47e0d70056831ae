import type { InferSelectModel } from "drizzle-orm";
import type { avatarRenders } from "#server/db/schema";
import type { Storage } from "#server/platform/storage";
import type { AvatarRenderStatus } from "#shared/character";

/** The pg-boss queue of avatar renders (one job per render, `render-job.ts`). */
export const RENDER_JOB = "character.render-avatar";

/** Rendered files live under this folder of the storage, one folder per person. */
export const RENDERED_PREFIX = "avatars/rendered/";

/** Whether a stored file is one of our rendered avatars (and not a picture the person uploaded). */
export const isRenderedKey = (key: string | null) => !!key && key.startsWith(RENDERED_PREFIX);

export type AvatarRenderRow = InferSelectModel<typeof avatarRenders>;

/** A render as the pages see it: its state and, once done, its picture's addresses. */
export type RenderView = {
  id: string;
  userId: string;
  status: AvatarRenderStatus;
  attempts: number;
  error: string | null;
  pngUrl: string | null;
  webpUrl: string | null;
  requestedAt: Date;
  finishedAt: Date | null;
};

export function toRenderView(storage: Storage, row: AvatarRenderRow): RenderView {
  return {
    id: row.id,
    userId: row.userId,
    status: row.status,
    attempts: row.attempts,
    error: row.error,
    pngUrl: row.pngKey ? storage.urlFor(row.pngKey) : null,
    webpUrl: row.webpKey ? storage.urlFor(row.webpKey) : null,
    requestedAt: row.requestedAt,
    finishedAt: row.finishedAt,
  };
}
