import { Icon } from "#app/components/ui/icon";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath, useRootData } from "#app/lib/use-locale";
import type { Route } from "./+types/connect";

export const handle = { i18n: ["about"] };

export function loader({ context, request }: Route.LoaderArgs) {
  const { t, seo, site } = pageTools(context, request, "about");
  return { seo: seo({ title: t("connect.title", { site }), description: t("connect.description", { site }) }) };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

type Feature = { heading: string; text: string };

export default function Connect() {
  const { t } = useTranslation("about");
  const { to } = useLocalePath();
  const site = useRootData()?.siteName ?? "";
  const features = t("connect.features", { returnObjects: true, site }) as Feature[];
  return (
    <article className="max-w-3xl">
      <h1 className="text-4xl font-black">{t("connect.title", { site })}</h1>
      <p className="mt-4 text-lg text-muted-foreground">{t("connect.lead", { site })}</p>
      <p className="mt-6 inline-flex items-center gap-2 rounded-full border border-border bg-card px-4 py-2 font-semibold">
        <Icon name="calendar-clock" size={18} className="text-primary" />
        {t("connect.availability")}
      </p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-3">
        {features.map((f) => (
          <li key={f.heading} className="card p-5">
            <h2 className="font-bold">{f.heading}</h2>
            <p className="mt-2 text-sm text-muted-foreground">{f.text}</p>
          </li>
        ))}
      </ul>
      <p className="mt-8">
        <Link to={to("/contact")} className="link inline-block py-1">
          {t("connect.notify", { site })}
        </Link>
      </p>
    </article>
  );
}
