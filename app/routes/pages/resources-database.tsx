import { useTranslation } from "react-i18next";
import { HtmlOnceBlock } from "#app/components/ui/html-once";
import { databaseDiagramMarkup } from "#app/features/wiki/database-diagram.server";
import { WikiPage } from "#app/features/wiki/wiki-page";
import { htmlOnce } from "#app/lib/html-once.server";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import type { Route } from "./+types/resources-database";

export const handle = { i18n: ["site", "wiki"] };

/** The wiki's database diagram (SPEC §1), from the description the build made of the drizzle schema. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { t, seo, site } = pageTools(context, request, "wiki");
  const diagram = await context.services.site.databaseDiagram();
  const markup = databaseDiagramMarkup(diagram, context.locale);
  return {
    counts: { tables: diagram.tables.length, areas: diagram.areas.length },
    svg: htmlOnce(context, "database-diagram", markup.svg),
    tables: htmlOnce(context, "database-tables", markup.tables),
    seo: seo({ title: t("database.title"), description: t("database.description", { site }) }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export default function ResourcesDatabase({ loaderData: { counts, svg, tables } }: Route.ComponentProps) {
  const { t } = useTranslation("wiki");
  return (
    <WikiPage heading={t("database.heading")} intro={<p>{t("database.intro", counts)}</p>}>
      <section aria-labelledby="diagram-heading" className="space-y-3">
        <h2 id="diagram-heading" className="text-2xl font-bold">
          {t("database.diagramTitle")}
        </h2>
        <p className="max-w-[70ch] text-sm text-muted-foreground">{t("database.legend")}</p>
        <HtmlOnceBlock id="database-diagram" html={svg} />
      </section>
      <section aria-labelledby="tables-heading" className="max-w-4xl space-y-4">
        <h2 id="tables-heading" className="text-2xl font-bold">
          {t("database.tablesTitle")}
        </h2>
        <HtmlOnceBlock id="database-tables" html={tables} />
      </section>
    </WikiPage>
  );
}
