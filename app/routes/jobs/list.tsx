import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyState } from "#app/components/ui/empty-state";
import { RowList } from "#app/components/ui/list";
import { RelativeTime } from "#app/components/ui/relative-time";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/list";

export const handle = { i18n: ["jobs"] };

/**
 * A description's first paragraph, as plain text, for the list (the page shows it whole): headings and list
 * items flattened into one line would run into each other.
 */
const summaryOf = (html: string) => {
  const text = (/<p>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? html)
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > 240 ? `${text.slice(0, 239).replace(/\s+\S*$/, "")}…` : text;
};

/** /jobs (SPEC §1): the open job offers, newest first; each leads to its page and application form. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { t, seo } = pageTools(context, request, "jobs");
  const offers = await context.services.jobBoard.listOpenOffers({ locale: context.locale });
  return {
    offers: offers.map((o) => ({ id: o.id, title: o.title, summary: summaryOf(o.descriptionHtml), createdAt: o.createdAt.toISOString() })),
    seo: seo({ title: t("list.title"), description: t("list.metaDescription") }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export default function JobsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("jobs");
  const { to, locale } = useLocalePath();
  const { offers } = loaderData;
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <header className="space-y-3">
        <h1 className="text-3xl font-black">{t("list.title")}</h1>
        <p className="text-muted-foreground">{t("list.lead")}</p>
      </header>
      {offers.length === 0 ? (
        <EmptyState title={t("list.emptyTitle")}>{t("list.emptyText")}</EmptyState>
      ) : (
        <section aria-labelledby="offers-heading">
          <h2 id="offers-heading" className="sr-only">
            {t("list.offersHeading", { count: offers.length })}
          </h2>
          <RowList>
            {offers.map((o) => (
              <li key={o.id} className="space-y-1 py-4">
                <h3 className="text-lg font-bold">
                  <Link to={to(`/jobs/${o.id}`)} className="link inline-block py-1">
                    {o.title}
                  </Link>
                </h3>
                {o.summary ? <p className="break-words text-sm">{o.summary}</p> : null}
                <p className="text-sm text-muted-foreground">
                  {t("list.published")} <RelativeTime date={o.createdAt} locale={locale} />
                </p>
              </li>
            ))}
          </RowList>
        </section>
      )}
    </div>
  );
}
