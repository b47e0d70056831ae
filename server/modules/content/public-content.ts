import { and, asc, count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { CONTENT_KINDS, CONTENT_PAGE_SIZE, type ContentKind } from "#shared/content";
import { DomainError } from "#server/modules/errors";
import { parseInput, type ContentDeps } from "./deps";
import { collaboratorsOf, KIND, type EpisodeRow, type VideoRow } from "./items";
import { collaboratorsWithCounts } from "./list-collaborators";

const listInput = z.object({
  kind: z.enum(CONTENT_KINDS),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});

/** A card of /videos or /podcast: what visitors see of a published item, in both languages. */
export type ContentCard = {
  slug: string;
  titleEs: string;
  titleEn: string;
  descriptionEs: string;
  descriptionEn: string;
  thumbnailUrl: string | null;
  publishedAt: Date | null;
};

const cardColumns = (kind: ContentKind) => {
  const t = KIND[kind].table;
  return {
    slug: t.slug,
    titleEs: t.titleEs,
    titleEn: t.titleEn,
    descriptionEs: t.descriptionEs,
    descriptionEn: t.descriptionEn,
    thumbnailUrl: t.thumbnailUrl,
    publishedAt: t.publishedAt,
  };
};

/** One page of a kind's published items, in the team's order. */
export async function listPublicItems(deps: Pick<ContentDeps, "db">, input: { kind: ContentKind; page?: unknown }) {
  const { kind, page } = parseInput(listInput, input);
  const t = KIND[kind].table;
  const [{ total }] = await deps.db.select({ total: count() }).from(t).where(eq(t.published, true));
  const items: ContentCard[] = await deps.db
    .select(cardColumns(kind))
    .from(t)
    .where(eq(t.published, true))
    .orderBy(asc(t.position), desc(t.publishedAt), asc(t.id))
    .limit(CONTENT_PAGE_SIZE)
    .offset((page - 1) * CONTENT_PAGE_SIZE);
  return { items, total, page, pageCount: Math.max(1, Math.ceil(total / CONTENT_PAGE_SIZE)) };
}

/** A published video's page, with its collaborators; anything else is `content.not_found`. */
export async function getPublicVideo(deps: Pick<ContentDeps, "db">, input: { slug: string }) {
  const row = await published<VideoRow>(deps, "video", input.slug);
  return { ...row, collaborators: await collaboratorsOf(deps.db, "video", row.id) };
}

/** A published episode's page, with its collaborators. */
export async function getPublicEpisode(deps: Pick<ContentDeps, "db">, input: { slug: string }) {
  const row = await published<EpisodeRow>(deps, "episode", input.slug);
  return { ...row, collaborators: await collaboratorsOf(deps.db, "episode", row.id) };
}

async function published<Row>(deps: Pick<ContentDeps, "db">, kind: ContentKind, slug: string): Promise<Row> {
  const t = KIND[kind].table;
  const [row] = await deps.db
    .select()
    .from(t)
    .where(and(eq(t.slug, String(slug ?? "").slice(0, 200)), eq(t.published, true)))
    .limit(1);
  if (!row) throw new DomainError("content.not_found");
  return row as Row;
}

/** /about: the collaborators who appear in something published, with how many published items they appear in. */
export async function publicCollaborators(deps: Pick<ContentDeps, "db">) {
  const rows = await collaboratorsWithCounts(deps.db, true);
  return rows.filter((r) => r.appearances > 0).sort((a, b) => b.appearances - a.appearances || a.name.localeCompare(b.name));
}
