import { useTranslation } from "react-i18next";
import { redirect, useLocation } from "react-router";
import { FeaturedGamesTable } from "#app/features/featured/admin/featured-games-table";
import { OfferForm } from "#app/features/featured/admin/featured-offer";
import { SubmissionQueue } from "#app/features/featured/admin/featured-queue";
import { SubmissionDetail } from "#app/features/featured/admin/featured-submission";
import { FEATURED_TABS, FeaturedTabs, type FeaturedTab } from "#app/features/featured/admin/featured-tabs";
import { adminPage, orRefused, reasonMissing, searchParamsOf, unknownIntent } from "#app/features/admin/route.server";
import { ActionResult, AdminErrorBoundary, AdminHeading, NOINDEX, type AdminActionResult } from "#app/features/admin/shell";
import { actionFailure } from "#app/lib/form.server";
import { seoMeta } from "#app/lib/seo";
import type { Route } from "./+types/featured-games";

export const handle = { i18n: ["admin", "admin-featured", "promotions", "featured"] };

/**
 * /admin/featured-games: the review queue (`?tab=queue`, a submission opened with `?submission=id`),
 * the featured games (`?tab=games`, `?edit=id`) and, for Admins, the offer (`?tab=offer`).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, seo } = adminPage(context, request);
  const promotions = context.services.promotions;
  const params = searchParamsOf(request);
  const tab: FeaturedTab = (FEATURED_TABS as readonly string[]).includes(params.tab ?? "") ? (params.tab as FeaturedTab) : "queue";
  const now = new Date();
  // Which provider takes payments, or why none does: said above every tab.
  const payments = promotions.paymentsStatus();
  const base = { seo: seo("admin-featured:title"), tab, today: now.toISOString().slice(0, 10), payments };
  if (tab === "offer") {
    const offer = await orRefused(context, request, promotions.getOffer(actor));
    return { ...base, can: { viewOffer: true }, offer, queue: null, detail: null, availability: null, games: null, editing: null };
  }
  if (tab === "games") {
    const games = await orRefused(context, request, promotions.listFeaturedGames(actor, params));
    if (games.page > games.pageCount) throw new Response("Not Found", { status: 404 });
    const editing = games.can.updateFeatured ? (games.rows.find((r) => r.id === params.edit) ?? null) : null;
    return { ...base, can: games.can, offer: null, queue: null, detail: null, availability: null, games, editing };
  }
  const queue = await orRefused(context, request, promotions.listSubmissions(actor, params));
  if (queue.page > queue.pageCount) throw new Response("Not Found", { status: 404 });
  const found = params.submission
    ? await orRefused(context, request, promotions.getSubmission(actor, { submissionId: params.submission }))
    : null;
  const detail = found
    ? { ...found, held: !!found.payment && found.payment.status === "success" && found.payment.refundStatus !== "succeeded" }
    : null;
  const offer = detail && queue.can.approve ? await promotions.getOffer(actor) : null;
  const availability =
    detail && queue.can.approve ? await promotions.homepageAvailability(actor, { durationDays: detail.submission.durationDays }) : null;
  return { ...base, can: queue.can, offer, queue, detail, availability, games: null, editing: null };
}

const REFUND_MESSAGE = {
  none: "admin-featured:reject.done",
  pending: "admin-featured:reject.doneRefundPending",
  succeeded: "admin-featured:reject.doneRefunded",
};

/** check, approve, reject, delete (submissions); visibility, end, edit (featured games); offer. */
export async function action({ context, request }: Route.ActionArgs) {
  const { actor } = adminPage(context, request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const name = String(form.get("name") ?? "");
  const p = context.services.promotions;
  const field = (k: string) => form.get(k) ?? undefined;
  const missing = reasonMissing(form, intent === "reject", "admin-featured:reject.reasonRequired");
  if (missing) return missing;
  const ok = (message: string, values: Record<string, string> = { name }) =>
    ({ ok: true, message, messageValues: values }) satisfies AdminActionResult;
  try {
    switch (intent) {
      case "check":
        await p.checkSubmission(actor, { submissionId: field("submissionId"), note: field("note") });
        return ok("admin-featured:check.done");
      case "approve":
        await p.approveSubmission(actor, {
          submissionId: field("submissionId"),
          featureType: field("featureType"),
          durationDays: field("durationDays"),
          startDate: field("startDate"),
          slug: field("slug"),
          detailsMd: field("detailsMd"),
          platforms: form.getAll("platforms"),
        });
        return ok("admin-featured:approve.done");
      case "reject": {
        const { refund } = await p.rejectSubmission(actor, { submissionId: field("submissionId"), reason: field("reason") });
        return ok(REFUND_MESSAGE[refund]);
      }
      case "delete": {
        await p.deleteSubmission(actor, { submissionId: field("submissionId") });
        // The detail of a deleted submission is gone: back to the list, where a toast confirms (flash-toasts.tsx).
        const back = new URL(request.url);
        for (const k of ["submission", "index", "_routes"]) back.searchParams.delete(k);
        back.searchParams.set("submissionDeleted", "1");
        return redirect(`${back.pathname}?${back.searchParams}`, 303);
      }
      case "visibility": {
        const [featuredGameId, visible] = String(form.get("visible") ?? "").split(":");
        const { gameName } = await p.setFeaturedVisible(actor, { featuredGameId, visible });
        return ok(visible === "true" ? "admin-featured:games.shown" : "admin-featured:games.hidden", { name: gameName });
      }
      case "end":
        await p.endFeaturedGame(actor, { featuredGameId: field("featuredGameId") });
        return ok("admin-featured:games.ended");
      case "edit":
        await p.updateFeaturedGame(actor, { featuredGameId: field("featuredGameId"), slug: field("slug"), detailsMd: field("detailsMd") });
        return ok("admin-featured:games.saved");
      case "offer": {
        const { changed } = await p.updateOffer(actor, Object.fromEntries([...form].filter(([, v]) => typeof v === "string")));
        return ok(changed ? "admin-featured:offer.saved" : "admin-featured:offer.unchanged", {});
      }
      default:
        return unknownIntent(form);
    }
  } catch (err) {
    return actionFailure(err, form);
  }
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo, data.seo.fullTitle) : NOINDEX);
export const ErrorBoundary = AdminErrorBoundary;

export default function AdminFeaturedGames({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin-featured");
  const location = useLocation();
  const data = loaderData;
  const result = actionData as AdminActionResult | undefined;
  const failure = result && !result.ok ? result : undefined;
  const closeHref = `${location.pathname}?tab=queue${data.queue?.status ? `&status=${data.queue.status}` : ""}`;
  return (
    <>
      <AdminHeading title={t("title")}>
        <p>{t("help")}</p>
      </AdminHeading>
      {data.payments.provider === "off" ? (
        <div
          role="note"
          aria-label={t("payments.label")}
          className="mb-4 rounded-card border border-warning-text/50 bg-warning p-4 text-warning-text"
        >
          <p className="font-semibold">{t(`payments.off.${data.payments.reason}`)}</p>
        </div>
      ) : data.payments.provider === "sandbox" ? (
        <p role="note" aria-label={t("payments.label")} className="mb-4 text-sm text-muted-foreground">
          {t("payments.sandbox")}
        </p>
      ) : null}
      <FeaturedTabs tab={data.tab} offer={data.can.viewOffer} />
      <div aria-live="polite" className="mb-4">
        <ActionResult result={result} />
      </div>
      {data.tab === "queue" && data.queue ? (
        <>
          {data.detail ? (
            <SubmissionDetail
              detail={data.detail}
              availability={data.availability}
              offer={data.offer}
              can={data.queue.can}
              today={data.today}
              failure={failure}
              closeHref={closeHref}
            />
          ) : null}
          <SubmissionQueue list={data.queue} />
        </>
      ) : null}
      {data.tab === "games" && data.games ? (
        <FeaturedGamesTable list={data.games} can={data.games.can} editing={data.editing} failure={failure} />
      ) : null}
      {data.tab === "offer" && data.offer ? <OfferForm offer={data.offer} failure={failure} /> : null}
    </>
  );
}
