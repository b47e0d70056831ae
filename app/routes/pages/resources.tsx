import { useTranslation } from "react-i18next";
import { pageTools } from "~/lib/page.server";
import { seoMeta } from "~/lib/seo";
import { useRootData } from "~/lib/use-locale";
import type { Route } from "./+types/resources";

export const handle = { i18n: ["site"] };

export async function loader({ context, request }: Route.LoaderArgs) {
  const { t, seo, site } = pageTools(context, request, "site");
  return {
    flags: await context.services.settings.runtimeFlags(),
    seo: seo({ title: t("resources.title"), description: t("resources.description", { site }) }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

/** Who can do what (issue 3), in the order a person meets them; texts under `resources.accounts`. */
const PEOPLE = ["visitor", "unverified", "creator", "companyPending", "companyVerified", "moderator", "admin"] as const;
const ACCOUNT_RULES = ["password", "username", "usernameChange"] as const;
/** What a member can do in the forum (issue 4); texts under `resources.forumGuide.items`. */
const FORUM_GUIDE = ["posting", "markdown", "interact", "answers", "notifications", "search", "limits", "reports"] as const;

/** The forum admin's tabs and who uses them (issue 4); texts under `resources.forumAdmin`. */
const FORUM_ADMIN_TABS = [
  ["overview", "team"],
  ["moderation", "team"],
  ["content", "admins"],
  ["settings", "admins"],
  ["users", "team"],
  ["audit", "team"],
] as const;

/** The resources wiki (SPEC §1): outside the side panel. Feature flags, then accounts, roles and permissions. */
export default function Resources({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("site");
  const site = useRootData()?.siteName ?? "";
  return (
    <main id="main" className="max-w-3xl">
      <h1 className="text-4xl font-black">{t("resources.heading")}</h1>
      <p className="mt-3 text-lg text-muted-foreground">{t("resources.intro", { site })}</p>
      <section aria-labelledby="flags-heading" className="card mt-8 p-6">
        <h2 id="flags-heading" className="text-xl font-bold">{t("resources.flagsTitle")}</h2>
        <p className="mt-1 text-muted-foreground">{t("resources.flagsText")}</p>
        <table className="mt-4 w-full text-left text-sm">
          <thead>
            <tr className="border-b border-border">
              <th scope="col" className="py-2 pr-4">{t("resources.flag")}</th>
              <th scope="col" className="py-2">{t("resources.state")}</th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(loaderData.flags).map(([key, on]) => (
              <tr key={key} className="border-b border-border align-top">
                <th scope="row" className="py-2 pr-4 font-normal">
                  <code className="font-mono text-xs font-semibold">{key}</code>
                  <p className="text-muted-foreground">{t(`resources.flags.${key}`)}</p>
                </th>
                <td className="py-2">{on ? t("resources.on") : t("resources.off")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="accounts-heading" className="card mt-8 p-6">
        <h2 id="accounts-heading" className="text-xl font-bold">{t("resources.accounts.title")}</h2>
        <p className="mt-1 text-muted-foreground">{t("resources.accounts.intro", { site })}</p>
        <table className="mt-4 w-full text-left text-sm">
          <thead>
            <tr className="border-b border-border">
              <th scope="col" className="py-2 pr-4">{t("resources.accounts.who")}</th>
              <th scope="col" className="py-2">{t("resources.accounts.can")}</th>
            </tr>
          </thead>
          <tbody>
            {PEOPLE.map((who) => (
              <tr key={who} className="border-b border-border align-top">
                <th scope="row" className="py-2 pr-4 font-semibold">{t(`resources.accounts.people.${who}.name`)}</th>
                <td className="py-2 text-muted-foreground">{t(`resources.accounts.people.${who}.can`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <h3 className="mt-6 font-bold">{t("resources.accounts.rulesTitle")}</h3>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
          {ACCOUNT_RULES.map((rule) => (
            <li key={rule}>{t(`resources.accounts.rules.${rule}`)}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="forum-guide-heading" className="card mt-8 p-6">
        <h2 id="forum-guide-heading" className="text-xl font-bold">{t("resources.forumGuide.title")}</h2>
        <p className="mt-1 text-muted-foreground">{t("resources.forumGuide.intro")}</p>
        <dl className="mt-4 space-y-3">
          {FORUM_GUIDE.map((key) => (
            <div key={key}>
              <dt className="font-semibold">{t(`resources.forumGuide.items.${key}.name`)}</dt>
              <dd className="text-muted-foreground">{t(`resources.forumGuide.items.${key}.text`)}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="forum-admin-heading" className="card mt-8 p-6">
        <h2 id="forum-admin-heading" className="text-xl font-bold">{t("resources.forumAdmin.title")}</h2>
        <p className="mt-1 text-muted-foreground">{t("resources.forumAdmin.intro")}</p>
        <table className="mt-4 w-full text-left text-sm">
          <thead>
            <tr className="border-b border-border">
              <th scope="col" className="py-2 pr-4">{t("resources.forumAdmin.tab")}</th>
              <th scope="col" className="py-2 pr-4">{t("resources.forumAdmin.who")}</th>
              <th scope="col" className="py-2">{t("resources.forumAdmin.what")}</th>
            </tr>
          </thead>
          <tbody>
            {FORUM_ADMIN_TABS.map(([tab, who]) => (
              <tr key={tab} className="border-b border-border align-top">
                <th scope="row" className="py-2 pr-4 font-semibold">{t(`resources.forumAdmin.tabs.${tab}.name`)}</th>
                <td className="py-2 pr-4">{t(`resources.forumAdmin.${who}`)}</td>
                <td className="py-2 text-muted-foreground">{t(`resources.forumAdmin.tabs.${tab}.what`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <h3 className="mt-6 font-bold">{t("resources.forumAdmin.limitsTitle")}</h3>
        <p className="mt-2 text-sm">{t("resources.forumAdmin.limitsText")}</p>
      </section>
    </main>
  );
}
