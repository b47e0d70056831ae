import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useLocation } from "react-router";
import { MiniAvatar } from "#app/components/ui/avatar";
import { Badge } from "#app/components/ui/badge";
import { TextAreaField } from "#app/components/ui/form-field";
import { adminPage, orRefused, reasonMissing, searchParamsOf, unknownIntent } from "#app/features/admin/route.server";
import { ActionResult, AdminErrorBoundary, AdminHeading, NOINDEX, type AdminActionResult } from "#app/features/admin/shell";
import { ConfirmAction } from "#app/components/ui/disclosure-form";
import { EmptyState } from "#app/components/ui/empty-state";
import { Pagination } from "#app/components/ui/pagination";
import { SearchForm } from "#app/components/ui/search-form";
import { useDateFormat } from "#app/lib/use-date-format";
import { actionFailure } from "#app/lib/form.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import { CAMPAIGN_LIMITS } from "#shared/campaigns";
import type { Route } from "./+types/creators";

export const handle = { i18n: ["admin"] };

const SHOW = ["all", "unchecked", "flagged"] as const;

/**
 * The admin creators tab: creators with their channels, the audience they state, and whether the
 * team checked those figures or flagged the channel.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, seo } = adminPage(context, request);
  const list = await orRefused(context, request, context.services.campaigns.listCreators(actor, searchParamsOf(request)));
  if (list.page > list.pageCount) throw new Response("Not Found", { status: 404 });
  return { seo: seo("creators.title"), list };
}

/** One channel's review: `verdict=check`, `verdict=flag` (with a reason) or `verdict=clear` (`intent=review`). */
export async function action({ context, request }: Route.ActionArgs) {
  const { actor } = adminPage(context, request);
  const form = await request.formData();
  const verdict = String(form.get("verdict") ?? "");
  const url = String(form.get("url") ?? "");
  if (form.get("intent") !== "review" || !["check", "flag", "clear"].includes(verdict)) return unknownIntent(form);
  const missing = reasonMissing(form, verdict === "flag", "admin:creators.reasonRequired");
  if (missing) return missing;
  try {
    await context.services.campaigns.reviewChannel(actor, {
      channelId: form.get("channelId"),
      verdict,
      ...(verdict === "flag" ? { reason: form.get("reason") } : {}),
    });
    return { ok: true, message: `admin:creators.done.${verdict}`, messageValues: { url } } satisfies AdminActionResult;
  } catch (err) {
    return actionFailure(err, form);
  }
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo, data.seo.fullTitle) : NOINDEX);
export const ErrorBoundary = AdminErrorBoundary;

export default function AdminCreators({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { to } = useLocalePath();
  const { date, locale } = useDateFormat();
  const location = useLocation();
  const { list } = loaderData;
  const result = actionData as AdminActionResult | undefined;
  const failed = result && !result.ok ? result : undefined;
  const numbers = useMemo(() => new Intl.NumberFormat(locale), [locale]);
  const languages = useMemo(() => new Intl.DisplayNames([locale], { type: "language" }), [locale]);
  const showHref = (show: (typeof SHOW)[number]) => {
    const p = new URLSearchParams();
    if (show !== "all") p.set("show", show);
    if (list.q) p.set("q", list.q);
    const qs = p.toString();
    return `${location.pathname}${qs ? `?${qs}` : ""}`;
  };
  return (
    <>
      <AdminHeading title={t("creators.title")}>
        <p>{t("creators.lead")}</p>
      </AdminHeading>
      <div aria-live="polite" className="mb-4">
        <ActionResult result={result} />
      </div>
      <nav aria-label={t("creators.filterLabel")} className="mb-4">
        <ul className="flex flex-wrap gap-2">
          {SHOW.map((s) => (
            <li key={s}>
              <Link
                to={showHref(s)}
                aria-current={list.show === s ? "page" : undefined}
                className={`btn ${list.show === s ? "btn-primary" : "btn-outline"} text-sm`}
              >
                {t(`creators.show.${s}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <SearchForm label={t("creators.searchLabel")} value={list.q} hidden={{ show: list.show === "all" ? null : list.show }} />
      {list.creators.length === 0 ? (
        <EmptyState>{list.q ? t("creators.noResults", { q: list.q }) : t(`creators.empty.${list.show}`)}</EmptyState>
      ) : (
        <ul className="row-list">
          {list.creators.map((c) => (
            <li key={c.id} className="py-4">
              <article aria-labelledby={`creator-${c.id}`}>
                <div className="flex flex-wrap items-center gap-3">
                  <MiniAvatar url={c.avatarUrl} userId={c.id} username={c.username} size={36} />
                  <div className="min-w-0">
                    <h2 id={`creator-${c.id}`} className="font-semibold">
                      {c.username ? (
                        <Link className="link inline-block py-1" to={to(`/u/${c.username}`)}>
                          {c.username}
                        </Link>
                      ) : (
                        t("creators.noUsername")
                      )}
                    </h2>
                    <p className="break-all text-sm text-muted-foreground">{c.email}</p>
                  </div>
                </div>
                <ul className="mt-3 space-y-3 sm:pl-12">
                  {c.channels.map((ch) => {
                    const failedHere = failed?.values.channelId === ch.id ? failed : undefined;
                    return (
                      <li key={ch.id} className="rounded-control border border-border p-3">
                        <div className="flex flex-wrap items-center gap-2">
                          <Badge>{t(`creators.kinds.${ch.kind}`)}</Badge>
                          <a
                            className="link inline-block break-all py-1"
                            href={ch.url}
                            rel="noopener noreferrer nofollow ugc"
                            target="_blank"
                          >
                            {ch.url}
                          </a>
                          {ch.flaggedAt ? (
                            <Badge tone="danger">{t("creators.state.flagged")}</Badge>
                          ) : ch.checkedAt ? (
                            <Badge tone="positive">{t("creators.state.checked")}</Badge>
                          ) : (
                            <Badge tone="warning">{t("creators.state.unchecked")}</Badge>
                          )}
                          {ch.verifiedAt ? <Badge tone="info">{t("creators.state.verified")}</Badge> : null}
                        </div>
                        <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                          <dt className="text-muted-foreground">{t("creators.fields.subscribers")}</dt>
                          <dd className="tabular-nums">{numbers.format(ch.subscribers)}</dd>
                          <dt className="text-muted-foreground">{t("creators.fields.averageViews")}</dt>
                          <dd className="tabular-nums">{numbers.format(ch.averageViews)}</dd>
                          <dt className="text-muted-foreground">{t("creators.fields.languages")}</dt>
                          <dd>{ch.languages.length ? ch.languages.map((l) => languages.of(l) ?? l).join(", ") : "—"}</dd>
                          {ch.verifiedAt ? (
                            <>
                              <dt className="text-muted-foreground">{t("creators.fields.verifiedAt")}</dt>
                              <dd>{date(ch.verifiedAt)}</dd>
                            </>
                          ) : null}
                          {ch.checkedAt ? (
                            <>
                              <dt className="text-muted-foreground">{t("creators.fields.checkedAt")}</dt>
                              <dd>{date(ch.checkedAt)}</dd>
                            </>
                          ) : null}
                          {ch.flaggedAt ? (
                            <>
                              <dt className="text-muted-foreground">{t("creators.fields.flaggedAt")}</dt>
                              <dd>{date(ch.flaggedAt)}</dd>
                              <dt className="text-muted-foreground">{t("creators.fields.flagReason")}</dt>
                              <dd className="break-words">{ch.flagReason}</dd>
                            </>
                          ) : null}
                        </dl>
                        {list.can.review ? (
                          <div className="mt-3 flex flex-wrap gap-2">
                            {!ch.checkedAt ? (
                              <Form method="post">
                                <input type="hidden" name="intent" value="review" />
                                <input type="hidden" name="verdict" value="check" />
                                <input type="hidden" name="channelId" value={ch.id} />
                                <input type="hidden" name="url" value={ch.url} />
                                <button type="submit" className="btn btn-outline min-h-9 px-3 py-1 text-sm">
                                  {t("creators.check")}
                                </button>
                              </Form>
                            ) : null}
                            {!ch.flaggedAt ? (
                              <ConfirmAction
                                label={t("creators.flag")}
                                question={t("creators.confirmFlag", { url: ch.url })}
                                confirmLabel={t("creators.confirmFlagButton")}
                                intent="review"
                                fields={{ verdict: "flag", channelId: ch.id, url: ch.url }}
                                open={!!failedHere}
                              >
                                <TextAreaField
                                  label={t("creators.reasonLabel")}
                                  hint={t("creators.reasonHint", { max: CAMPAIGN_LIMITS.pauseReasonMax })}
                                  name="reason"
                                  required
                                  maxLength={CAMPAIGN_LIMITS.pauseReasonMax}
                                  defaultValue={failedHere?.values.reason}
                                  error={failedHere?.fieldErrors.reason}
                                />
                              </ConfirmAction>
                            ) : null}
                            {ch.checkedAt || ch.flaggedAt ? (
                              <ConfirmAction
                                tone="primary"
                                label={t("creators.clear")}
                                question={t("creators.confirmClear", { url: ch.url })}
                                confirmLabel={t("creators.confirmClearButton")}
                                intent="review"
                                fields={{ verdict: "clear", channelId: ch.id, url: ch.url }}
                              />
                            ) : null}
                          </div>
                        ) : null}
                      </li>
                    );
                  })}
                </ul>
              </article>
            </li>
          ))}
        </ul>
      )}
      <Pagination className="mt-4" page={list.page} pageCount={list.pageCount} total={list.total} />
    </>
  );
}
