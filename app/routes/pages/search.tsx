import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { HitView } from "#app/features/search/hits";
import { SearchPagination } from "#app/features/search/pagination";
import { isDomainErrorLike } from "#app/lib/form.server";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath, useRootData } from "#app/lib/use-locale";
import type { SearchResult, SearchSection } from "#server/modules/search";
import type { Route } from "./+types/search";

export const handle = { i18n: ["site"] };

/**
 * /search?q=…&type=…&page=…: the SearchAction target of the site's metadata. Without `type`,
 * every section's best few; with it, that section 20 a page. Never indexed.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { t, seo } = pageTools(context, request, "site");
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").trim();
  const base = { q, seo: seo({ title: t("search.title"), description: t("search.description"), noindex: true }) };
  if (!q) return { ...base, result: null, error: null };
  try {
    const result = await context.services.search.search(context.actor, {
      q,
      type: params.get("type") ?? undefined,
      page: params.get("page") ?? undefined,
    });
    return { ...base, result, error: null };
  } catch (err) {
    // A query too short or too long: the page says so and the box keeps what was typed.
    if (!isDomainErrorLike(err) || err.code !== "input.invalid") throw err;
    const fieldErrors = (err.details?.fieldErrors ?? {}) as Record<string, string>;
    return { ...base, result: null, error: fieldErrors.q ?? "errors:input.invalid" };
  }
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

/** `/search?q=…` with the given section and page (page 1 and the overview leave theirs out). */
function searchHref(q: string, type: string | null, page = 1) {
  const p = new URLSearchParams({ q });
  if (type) p.set("type", type);
  if (page > 1) p.set("page", String(page));
  return `/search?${p}`;
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("site");
  const { to } = useLocalePath();
  const { q, result, error } = loaderData;
  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-black">{q ? t("search.resultsFor", { q }) : t("search.heading")}</h1>
      <form role="search" method="get" action={to("/search")} className="flex max-w-xl gap-2">
        <label htmlFor="search-page-q" className="sr-only">
          {t("common:search.label")}
        </label>
        <input
          id="search-page-q"
          name="q"
          type="search"
          defaultValue={q}
          key={q}
          maxLength={200}
          className="input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "search-error" : undefined}
        />
        <button type="submit" className="btn btn-primary">
          {t("common:search.submit")}
        </button>
      </form>
      {error ? (
        <p id="search-error" role="alert" className="text-danger">
          {t(error)}
        </p>
      ) : !q ? (
        <p className="text-muted-foreground">{t("search.empty")}</p>
      ) : result?.status === "no_terms" ? (
        <p role="status" className="text-muted-foreground">
          {t("search.noTerms")}
        </p>
      ) : result ? (
        <Results result={result} />
      ) : null}
    </section>
  );
}

function Results({ result }: { result: SearchResult }) {
  const { t } = useTranslation("site");
  const { to } = useLocalePath();
  const found = result.sections.reduce((n, s) => n + s.total, 0);
  const capped = result.sections.some((s) => s.capped);
  const label = (s: SearchSection) => t(`search.sections.${s.id}`);
  const count = (s: SearchSection) => (s.capped ? t("search.cappedCount", { count: s.total }) : String(s.total));
  const focused = result.sections.find((s) => s.id === result.type);

  if (found === 0) return <NoResults q={result.q} />;
  return (
    <div className="space-y-6">
      <p role="status" className="text-sm text-muted-foreground">
        {capped ? t("search.foundCapped", { count: found }) : t("search.found", { count: found })}
      </p>
      <nav aria-label={t("search.sectionsLabel")}>
        <ul className="flex flex-wrap gap-2">
          {[
            { id: null, text: t("search.all") },
            ...result.sections.map((s) => ({ id: s.id, text: t("search.tab", { label: label(s), n: count(s) }) })),
          ].map((tab) => {
            const current = tab.id === result.type;
            return (
              <li key={tab.id ?? "all"}>
                <Link
                  to={to(searchHref(result.q, tab.id))}
                  aria-current={current ? "page" : undefined}
                  className={`btn text-sm ${current ? "btn-primary" : "btn-outline"}`}
                >
                  {tab.text}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {focused ? (
        <>
          <h2 className="sr-only">{label(focused)}</h2>
          <HitList section={focused} />
          <SearchPagination
            page={result.page}
            pageCount={result.pageCount}
            hrefFor={(page) => to(searchHref(result.q, focused.id, page))}
          />
        </>
      ) : (
        result.sections
          .filter((s) => s.items.length)
          .map((s) => (
            <section key={s.id} aria-labelledby={`search-section-${s.id}`} className="space-y-3">
              <h2 id={`search-section-${s.id}`} className="text-xl font-bold">
                {label(s)}
              </h2>
              <HitList section={s} />
              {s.total > s.items.length ? (
                <Link className="link inline-block text-sm font-semibold" to={to(searchHref(result.q, s.id))}>
                  {t(s.capped ? "search.seeAllCapped" : "search.seeAll", { count: s.total, section: label(s) })}
                </Link>
              ) : null}
            </section>
          ))
      )}
    </div>
  );
}

function HitList({ section }: { section: SearchSection }) {
  const { t } = useTranslation("site");
  if (!section.items.length) return <p className="card p-6 text-muted-foreground">{t("search.pageEmpty")}</p>;
  return (
    <ol className="card divide-y divide-border">
      {section.items.map((hit) => (
        <li key={`${hit.kind}-${hit.id}`} className="p-4">
          <HitView hit={hit} />
        </li>
      ))}
    </ol>
  );
}

function NoResults({ q }: { q: string }) {
  const { t } = useTranslation("site");
  const { to } = useLocalePath();
  const forumEnabled = !!useRootData()?.flags.forum_enabled;
  return (
    <div className="card space-y-3 p-6">
      <p role="status" className="font-semibold">
        {t("search.noResults", { q })}
      </p>
      <h2 className="text-base font-bold">{t("search.suggestionsTitle")}</h2>
      <ul className="list-disc space-y-1 pl-5 text-muted-foreground">
        {(["spelling", "general", "language", "phrase"] as const).map((k) => (
          <li key={k}>{t(`search.suggestions.${k}`)}</li>
        ))}
      </ul>
      {forumEnabled ? (
        <Link className="link inline-block" to={to("/community")}>
          {t("search.browseForum")}
        </Link>
      ) : null}
    </div>
  );
}
