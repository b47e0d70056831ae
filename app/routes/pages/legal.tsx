import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { PREFERENCES_PARAM } from "#app/components/layout/cookie-banner";
import { formatDate } from "#app/i18n/format";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath, useRootData } from "#app/lib/use-locale";
import type { Route } from "./+types/legal";

export const handle = { i18n: ["legal"] };

/** When the legal texts last changed; shown on each page. */
export const LEGAL_UPDATED = "2026-11-21";

const docByPath = { "/privacy-policy": "privacy", "/cookie-policy": "cookies", "/terms-and-conditions": "terms" } as const;
type Doc = (typeof docByPath)[keyof typeof docByPath];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { t, seo, site, path } = pageTools(context, request, "legal");
  const doc: Doc = docByPath[path as keyof typeof docByPath];
  if (!doc) throw new Response("Not Found", { status: 404 });
  // The privacy policy names the retention the team set, not a number written in the text.
  const retentionMonths = doc === "privacy" ? await context.services.settings.get("applications_retention_months") : 0;
  return { doc, retentionMonths, seo: seo({ title: t(`${doc}.title`, { site }), description: t(`${doc}.description`, { site }) }) };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

type Section = { id: string; heading: string; paragraphs: string[]; items: string[] };
type CookieRow = { name: string; purpose: string; lifetime: string; kind: string };

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("legal");
  const { locale } = useLocalePath();
  const location = useLocation();
  const site = useRootData()?.siteName ?? "";
  const { doc } = loaderData;
  const applicationsRetention = t("privacy.applicationsRetention", { count: loaderData.retentionMonths });
  const sections = t(`${doc}.sections`, { returnObjects: true, site, applicationsRetention }) as Section[];
  return (
    <article className="prose-page max-w-3xl">
      <h1 className="text-4xl font-black">{t(`${doc}.title`, { site })}</h1>
      <p className="!mt-2 text-sm text-muted-foreground">{t("updated", { date: formatDate(LEGAL_UPDATED, locale) })}</p>
      <p className="text-lg">{t(`${doc}.intro`, { site })}</p>
      <nav aria-labelledby="toc-heading" className="card mt-6 p-4">
        <h2 id="toc-heading" className="!mt-0 !text-base">
          {t("onThisPage")}
        </h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
          {sections.map((s) => (
            <li key={s.id}>
              <a className="link inline-block py-1" href={`#${s.id}`}>
                {s.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((s) => (
        <section key={s.id} aria-labelledby={s.id}>
          <h2 id={s.id}>{s.heading}</h2>
          {s.paragraphs.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
          {s.items.length ? (
            <ul>
              {s.items.map((item, i) => (
                <li key={i}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
      {doc === "cookies" ? (
        <>
          <div className="mt-8 overflow-x-auto">
            <table className="w-full border-collapse text-left text-sm">
              <caption className="mb-2 text-left font-semibold">{t("cookies.table.caption")}</caption>
              <thead>
                <tr className="border-b border-border">
                  <th scope="col" className="py-2 pr-4">
                    {t("cookies.table.name")}
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    {t("cookies.table.purpose")}
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    {t("cookies.table.lifetime")}
                  </th>
                  <th scope="col" className="py-2">
                    {t("cookies.table.kind")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {(t("cookies.list", { returnObjects: true, site }) as CookieRow[]).map((row) => (
                  <tr key={row.name} className="border-b border-border align-top">
                    <th scope="row" className="py-2 pr-4 font-mono text-xs font-semibold">
                      {row.name}
                    </th>
                    <td className="py-2 pr-4">{row.purpose}</td>
                    <td className="py-2 pr-4">{row.lifetime}</td>
                    <td className="py-2">{row.kind}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <section id="cookie-preferences" className="card mt-8 p-6">
            <h2 className="!mt-0">{t("cookies.preferencesHeading")}</h2>
            <p>{t("cookies.preferencesText")}</p>
            <Link to={`${location.pathname}?${PREFERENCES_PARAM}=preferences`} preventScrollReset className="btn btn-primary mt-4">
              {t("cookies.preferencesButton")}
            </Link>
          </section>
        </>
      ) : null}
    </article>
  );
}
