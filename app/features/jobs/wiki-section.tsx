import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocalePath } from "#app/lib/use-locale";

/** The wiki's word on jobs (its page needs the `jobs` namespace): where the offers are and how applying works. */
export function JobsWikiSection({ className }: { className: string }) {
  const { t } = useTranslation("jobs");
  const { to } = useLocalePath();
  return (
    <section id="jobs" aria-labelledby="jobs-heading" className={className}>
      <h2 id="jobs-heading" className="text-xl font-bold">
        {t("wiki.title")}
      </h2>
      <p className="mt-2">{t("wiki.text")}</p>
      <Link to={to("/jobs")} className="btn btn-outline mt-4">
        {t("wiki.link")}
      </Link>
    </section>
  );
}
