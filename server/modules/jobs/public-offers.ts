import { and, desc, eq } from "drizzle-orm";
import { jobOffers } from "#server/db/schema";
import { DomainError } from "#server/modules/errors";
import type { JobsDeps } from "./deps";

type Deps = Pick<JobsDeps, "db" | "renderMarkdown">;

export type PublicOffer = {
  id: string;
  title: string;
  descriptionHtml: string;
  status: "open" | "closed";
  createdAt: Date;
  closedAt: Date | null;
};

const titleOf = (o: typeof jobOffers.$inferSelect, locale: string) => (locale === "en" ? o.titleEn : o.titleEs);
const descriptionOf = (o: typeof jobOffers.$inferSelect, locale: string) => (locale === "en" ? o.descriptionEn : o.descriptionEs);

/** /jobs: the open offers, newest first, each with its description in the reader's language (sanitised HTML). */
export async function listOpenOffers(deps: Deps, input: { locale: string }): Promise<PublicOffer[]> {
  const rows = await deps.db
    .select()
    .from(jobOffers)
    .where(eq(jobOffers.status, "open"))
    .orderBy(desc(jobOffers.createdAt), desc(jobOffers.id));
  return Promise.all(
    rows.map(async (o) => ({
      id: o.id,
      title: titleOf(o, input.locale),
      descriptionHtml: (await deps.renderMarkdown(descriptionOf(o, input.locale))).html,
      status: o.status,
      createdAt: o.createdAt,
      closedAt: o.closedAt,
    })),
  );
}

/** /jobs/{id}: one offer, open or closed (a closed one says so and takes no application); 404 when there is none. */
export async function getPublicOffer(deps: Deps, input: { id: string; locale: string }): Promise<PublicOffer> {
  const id = String(input.id ?? "");
  if (!/^[A-Za-z0-9-]{1,64}$/.test(id)) throw new DomainError("jobs.offer_not_found");
  const [o] = await deps.db
    .select()
    .from(jobOffers)
    .where(and(eq(jobOffers.id, id)))
    .limit(1);
  if (!o) throw new DomainError("jobs.offer_not_found");
  return {
    id: o.id,
    title: titleOf(o, input.locale),
    descriptionHtml: (await deps.renderMarkdown(descriptionOf(o, input.locale))).html,
    status: o.status,
    createdAt: o.createdAt,
    closedAt: o.closedAt,
  };
}
