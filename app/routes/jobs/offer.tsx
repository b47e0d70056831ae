import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "#app/components/ui/badge";
import { FormAlert } from "#app/components/ui/form-field";
import { HtmlOnceBlock } from "#app/components/ui/html-once";
import { ApplyForm } from "#app/features/jobs/apply-form";
import { submitApplication, type ApplyFailure } from "#app/features/jobs/apply.server";
import { htmlOnce } from "#app/lib/html-once.server";
import { pageErrorFor } from "#app/lib/page-error.server";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useDateFormat } from "#app/lib/use-date-format";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/offer";

export const handle = { i18n: ["jobs"] };

/**
 * /jobs/{id} (SPEC §3): the offer in the reader's language and, while it is open, the application form; a closed
 * offer says so and has no form. `?applied=1` says the application arrived.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { t, seo } = pageTools(context, request, "jobs");
  const offer = await context.services.jobBoard.getPublicOffer({ id: params.offerId, locale: context.locale }).catch(pageErrorFor);
  const applied = new URL(request.url).searchParams.get("applied") === "1";
  const open = offer.status === "open";
  return {
    offer: {
      id: offer.id,
      title: offer.title,
      status: offer.status,
      createdAt: offer.createdAt.toISOString(),
      closedAt: offer.closedAt?.toISOString() ?? null,
      descriptionHtml: htmlOnce(context, "job-description", offer.descriptionHtml),
    },
    applied,
    ticket: open && !applied ? context.services.jobBoard.applyTicket() : null,
    seo: seo({ title: offer.title, description: t("offer.metaDescription", { title: offer.title }), noindex: !open || applied }),
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  return submitApplication(context, params.offerId, await request.formData());
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export default function JobOfferPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("jobs");
  const { to } = useLocalePath();
  const { date } = useDateFormat();
  const { offer, applied, ticket } = loaderData;
  const failure = actionData && "ok" in actionData && actionData.ok === false ? (actionData as ApplyFailure) : undefined;
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <p className="text-sm">
        <Link to={to("/jobs")} className="link inline-block py-1">
          {t("offer.back")}
        </Link>
      </p>
      <header className="space-y-2">
        <h1 className="text-3xl font-black break-words">{offer.title}</h1>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          {offer.status === "closed" ? (
            <Badge tone="neutral">{t("status.closed")}</Badge>
          ) : (
            <Badge tone="positive">{t("status.open")}</Badge>
          )}
          <span>{t("offer.published", { date: date(offer.createdAt) })}</span>
        </p>
      </header>
      <HtmlOnceBlock id="job-description" className="post-body break-words" html={offer.descriptionHtml} />
      {applied ? (
        <FormAlert variant="success" message="jobs:apply.sent" />
      ) : offer.status === "closed" ? (
        <>
          {failure ? <FormAlert message={failure.formError} values={failure.formErrorValues} /> : null}
          <section role="note" aria-labelledby="closed-heading" className="rounded-card border border-border bg-muted p-4">
            <h2 id="closed-heading" className="font-semibold">
              {t("offer.closedTitle")}
            </h2>
            <p className="mt-1 text-sm">{t("offer.closedText")}</p>
          </section>
        </>
      ) : ticket ? (
        <ApplyForm offerId={offer.id} ticket={ticket} failure={failure} />
      ) : null}
    </div>
  );
}
