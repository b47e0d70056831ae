import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CollaboratorList } from "#app/features/content/collaborator-list";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath, useRootData } from "#app/lib/use-locale";
import type { Route } from "./+types/about";

export const handle = { i18n: ["about", "content"] };

export async function loader({ context, request }: Route.LoaderArgs) {
  const { t, seo, site } = pageTools(context, request, "about");
  // The people who appear in the published videos and episodes, with how often (SPEC §3 appearances count).
  const collaborators = await context.services.content.publicCollaborators();
  return { collaborators, seo: seo({ title: t("about.title", { site }), description: t("about.description", { site }) }) };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

type Section = { heading: string; text: string };

export default function About({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("about");
  const { t: tc } = useTranslation("content");
  const { collaborators } = loaderData;
  const { to } = useLocalePath();
  const site = useRootData()?.siteName ?? "";
  const sections = t("about.sections", { returnObjects: true, site }) as Section[];
  return (
    <article className="prose-page max-w-3xl">
      <h1 className="text-4xl font-black">{t("about.title", { site })}</h1>
      <p className="mt-4 text-lg text-muted-foreground">{t("about.lead", { site })}</p>
      {sections.map((s) => (
        <section key={s.heading}>
          <h2>{s.heading}</h2>
          <p>{s.text}</p>
        </section>
      ))}
      {collaborators.length ? (
        <section aria-labelledby="collaborators-heading" className="not-prose-list">
          <h2 id="collaborators-heading">{tc("about.heading")}</h2>
          <p>{tc("about.lead")}</p>
          <CollaboratorList people={collaborators} label={tc("about.heading")} />
        </section>
      ) : null}
      <section className="card mt-8 p-6">
        <h2 className="!mt-0">{t("about.cta.heading")}</h2>
        <p>{t("about.cta.text", { site })}</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link to={to("/contact")} className="btn btn-primary">
            {t("about.cta.contact")}
          </Link>
          <Link to={to("/community")} className="btn btn-outline">
            {t("about.cta.community")}
          </Link>
        </div>
      </section>
    </article>
  );
}
