import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Icon } from "#app/components/ui/icon";
import { useLocalePath } from "#app/lib/use-locale";

/** What happens next, once a message is sent: the copy on its way, the team's answer by email. */
export function ContactSent({ email }: { email: string }) {
  const { t } = useTranslation("contact");
  const { to } = useLocalePath();
  return (
    <section role="status" aria-labelledby="contact-sent-title" className="card space-y-4 p-6">
      <h2 id="contact-sent-title" className="flex items-center gap-2 text-2xl font-bold">
        <Icon name="circle-check" className="size-6 text-positive" />
        {t("sent.title")}
      </h2>
      <p>{t("sent.copy", { email })}</p>
      <p>{t("sent.next")}</p>
      <p className="flex flex-wrap gap-3">
        <Link to={to("/contact")} className="btn btn-outline">
          {t("sent.another")}
        </Link>
        <Link to={to("/")} className="btn btn-ghost">
          {t("sent.home")}
        </Link>
      </p>
    </section>
  );
}
