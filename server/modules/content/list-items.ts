import { asc } from "drizzle-orm";
import type { Actor } from "#server/modules/accounts/actor";
import { parseInput, type ContentDeps } from "./deps";
import { kindInput } from "./input";
import { KIND, linkedIds, type EpisodeRow, type VideoRow } from "./items";
import { assertCan } from "./policy";

export type AdminVideo = VideoRow & { kind: "video"; collaboratorIds: string[] };
export type AdminEpisode = EpisodeRow & { kind: "episode"; collaboratorIds: string[] };

/** The content tab's list of one kind, in its order, published or not, each with its collaborators' ids. */
export async function listItems(deps: Pick<ContentDeps, "db">, actor: Actor, input: { kind: "video" }): Promise<AdminVideo[]>;
export async function listItems(deps: Pick<ContentDeps, "db">, actor: Actor, input: { kind: "episode" }): Promise<AdminEpisode[]>;
export async function listItems(deps: Pick<ContentDeps, "db">, actor: Actor, input: { kind: unknown }) {
  assertCan(actor, "content.list");
  const { kind } = parseInput(kindInput, { kind: input?.kind });
  const t = KIND[kind].table;
  const rows: (VideoRow | EpisodeRow)[] = await deps.db.select().from(t).orderBy(asc(t.position), asc(t.id));
  const links = await linkedIds(
    deps.db,
    kind,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, kind, collaboratorIds: links.get(r.id) ?? [] }));
}
