import { useTranslation } from "react-i18next";
import { ApiEndpoints } from "#app/features/wiki/api-endpoints";
import { apiEndpoints } from "#app/features/wiki/api-endpoints.server";
import { WikiPage } from "#app/features/wiki/wiki-page";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import type { Route } from "./+types/resources-api";

export const handle = { i18n: ["site", "wiki"] };

/** The wiki's API endpoints (SPEC §1), listed from the OpenAPI document the routes produce (/api/v1/openapi.json). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { t, seo, site, locale } = pageTools(context, request, "wiki");
  return {
    endpoints: apiEndpoints(context.apiDocument()),
    locale,
    seo: seo({ title: t("api.title"), description: t("api.description", { site }) }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export default function ResourcesApi({ loaderData: { endpoints, locale } }: Route.ComponentProps) {
  const { t } = useTranslation("wiki");
  return (
    <WikiPage
      heading={t("api.heading")}
      intro={
        <p>
          {t("api.intro", { count: endpoints.length })}{" "}
          <a href="/api/v1/openapi.json" className="font-semibold text-primary underline" type="application/json">
            {t("api.document")}
          </a>
        </p>
      }
    >
      <section aria-labelledby="endpoints-heading" className="space-y-3">
        <h2 id="endpoints-heading" className="text-2xl font-bold">
          {t("api.endpointsTitle")}
        </h2>
        <p className="max-w-[70ch] text-sm text-muted-foreground">{t("api.how")}</p>
        <ApiEndpoints endpoints={endpoints} lang={locale} />
      </section>
    </WikiPage>
  );
}
