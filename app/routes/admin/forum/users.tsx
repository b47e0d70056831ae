import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DateInput } from "#app/components/ui/date-input";
import { readDateInput } from "#app/components/ui/date-input.server";
import { TextAreaField } from "#app/components/ui/form-field";
import { failureFor } from "#app/lib/form";
import { adminPage, orRefused, searchParamsOf, unknownIntent } from "#app/features/admin/route.server";
import { ActionResult, AdminErrorBoundary, AdminHeading, NOINDEX, type AdminActionResult } from "#app/features/admin/shell";
import { Badge } from "#app/components/ui/badge";
import { ConfirmAction } from "#app/components/ui/disclosure-form";
import { EmptyState } from "#app/components/ui/empty-state";
import { Pagination } from "#app/components/ui/pagination";
import { SearchForm } from "#app/components/ui/search-form";
import { useDateFormat } from "#app/lib/use-date-format";
import { formatDate } from "#app/i18n/format";
import { actionFailure } from "#app/lib/form.server";
import { BAN_REASON_MAX, MODERATION_NOTE_MAX } from "#shared/forum-limits";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/users";

export const handle = { i18n: ["admin"] };

const DAY = 86_400_000;

/**
 * Moderators and Admins: members by username or email (`?q=`, which a thread page can fill with its author),
 * or only those banned now (`?banned=1`), with ban and unban.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, seo } = adminPage(context, request);
  const members = await orRefused(context, request, context.services.forum.listMembers(actor, searchParamsOf(request)));
  // The date field's first suggestion: a week from today (UTC), and the earliest day it accepts.
  const now = Date.now();
  return {
    seo: seo("forum.users.title"),
    members,
    me: actor.userId,
    suggestedUntil: new Date(now + 7 * DAY).toISOString().slice(0, 10),
    minUntil: new Date(now + DAY).toISOString().slice(0, 10),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { actor, locale } = adminPage(context, request);
  const forum = context.services.forum;
  const form = await request.formData();
  const intent = form.get("intent");
  const name = String(form.get("name") ?? "");
  try {
    if (intent === "ban") {
      // A date field gives a day: the ban ends when that day begins (UTC). "For good" sends no date.
      const until = form.get("duration") === "forever" ? null : readDateInput(form, "until", { required: true });
      const r = await forum.banUser(actor, { userId: form.get("userId"), reason: form.get("reason"), until });
      return {
        ok: true,
        message: r.until ? "admin:forum.users.bannedUntil" : "admin:forum.users.bannedForGood",
        messageValues: { name, date: r.until ? formatDate(r.until, locale, { dateStyle: "medium" }) : "" },
      } satisfies AdminActionResult;
    }
    if (intent === "unban") {
      const r = await forum.unbanUser(actor, { userId: form.get("userId"), reason: form.get("reason") });
      return {
        ok: true,
        message: r.changed ? "admin:forum.users.unbanned" : "admin:forum.users.notBanned",
        messageValues: { name },
      } satisfies AdminActionResult;
    }
    return unknownIntent(form);
  } catch (err) {
    return actionFailure(err, form, { "forum.ban_until_past": "until" });
  }
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo, data.seo.fullTitle) : NOINDEX);
export const ErrorBoundary = AdminErrorBoundary;

export default function ForumUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { to } = useLocalePath();
  const { date } = useDateFormat();
  const { members, me, suggestedUntil } = loaderData;
  const result = actionData as AdminActionResult | undefined;
  return (
    <>
      <AdminHeading title={t("forum.users.title")}>{t("forum.users.lead")}</AdminHeading>
      <div aria-live="polite" className="mb-4">
        <ActionResult result={result} />
      </div>
      <SearchForm label={t("forum.users.searchLabel")} value={members.q}>
        <div className="flex items-center gap-2 pb-2">
          <input id="members-banned" name="banned" type="checkbox" value="1" defaultChecked={members.banned} className="size-6 shrink-0" />
          <label htmlFor="members-banned" className="text-sm font-semibold">
            {t("forum.users.bannedOnly")}
          </label>
        </div>
      </SearchForm>
      {members.items.length === 0 ? (
        <EmptyState>{members.q || members.banned ? t("forum.users.noResults") : t("forum.users.empty")}</EmptyState>
      ) : (
        <ul className="space-y-3" aria-label={t("forum.users.listLabel")}>
          {members.items.map((m) => {
            const name = m.username ?? m.email;
            const failure = failureFor(result, "userId", m.id);
            const banFailure = failure?.values.intent === "ban" ? failure : undefined;
            const duration = banFailure?.values.duration ?? "until";
            return (
              <li key={m.id}>
                <article className="card p-4" aria-labelledby={`member-${m.id}`}>
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div className="min-w-0">
                      <h2 id={`member-${m.id}`} className="text-lg font-bold">
                        {m.username ? (
                          <Link className="link" to={to(`/u/${m.username}`)}>
                            {m.username}
                          </Link>
                        ) : (
                          m.email
                        )}
                        {m.id === me ? <span className="ml-1 text-sm font-normal text-muted-foreground">({t("roles.you")})</span> : null}
                      </h2>
                      <p className="break-all text-sm text-muted-foreground">
                        {m.email} · {m.profileRole ? t(`profileRoles.${m.profileRole}`) : "—"} ·{" "}
                        {t("forum.users.joined", { date: date(m.createdAt) })}
                      </p>
                      <p className="mt-2 flex flex-wrap gap-1">
                        {m.roles.map((r) => (
                          <Badge key={r} tone="info">
                            {t(`roleNames.${r}`, { defaultValue: r })}
                          </Badge>
                        ))}
                        {m.ban ? (
                          <Badge tone="danger">
                            {m.ban.until ? t("forum.users.banUntil", { date: date(m.ban.until) }) : t("forum.users.banForGood")}
                          </Badge>
                        ) : (
                          <Badge tone="positive">{t("forum.users.notBannedBadge")}</Badge>
                        )}
                      </p>
                      {m.ban ? (
                        <p className="mt-2 text-sm">
                          <strong>{t("forum.users.banReason")}:</strong> {m.ban.reason}
                        </p>
                      ) : null}
                    </div>
                    <div className="flex flex-wrap gap-2">
                      {m.ban ? (
                        <ConfirmAction
                          tone="primary"
                          label={t("forum.users.unban")}
                          question={t("forum.users.confirmUnban", { name })}
                          confirmLabel={t("forum.users.confirmUnbanButton")}
                          intent="unban"
                          fields={{ userId: m.id, name }}
                          open={failure?.values.intent === "unban"}
                        >
                          <TextAreaField
                            label={t("forum.moderation.noteLabel")}
                            hint={t("forum.users.unbanNoteHint")}
                            name="reason"
                            maxLength={MODERATION_NOTE_MAX}
                          />
                        </ConfirmAction>
                      ) : null}
                      {m.canBan ? (
                        <ConfirmAction
                          label={m.ban ? t("forum.users.banAgain") : t("forum.users.ban")}
                          question={t("forum.users.confirmBan", { name })}
                          confirmLabel={t("forum.users.confirmBanButton")}
                          intent="ban"
                          fields={{ userId: m.id, name }}
                          open={!!banFailure}
                        >
                          <TextAreaField
                            label={t("forum.users.reasonLabel")}
                            hint={t("forum.users.reasonHint")}
                            name="reason"
                            required
                            maxLength={BAN_REASON_MAX}
                            defaultValue={banFailure?.values.reason}
                            error={banFailure?.fieldErrors.reason}
                          />
                          <fieldset className="space-y-2">
                            <legend className="text-sm font-semibold">{t("forum.users.duration")}</legend>
                            <div className="flex items-center gap-2">
                              <input
                                id={`duration-until-${m.id}`}
                                type="radio"
                                name="duration"
                                value="until"
                                defaultChecked={duration === "until"}
                              />
                              <label htmlFor={`duration-until-${m.id}`} className="text-sm">
                                {t("forum.users.durationUntil")}
                              </label>
                            </div>
                            <DateInput
                              className="pl-6"
                              name="until"
                              label={t("forum.users.untilLabel")}
                              hint={t("forum.users.untilHint")}
                              defaultValue={suggestedUntil}
                              values={banFailure?.values}
                              error={banFailure?.fieldErrors.until}
                            />
                            <div className="flex items-center gap-2">
                              <input
                                id={`duration-forever-${m.id}`}
                                type="radio"
                                name="duration"
                                value="forever"
                                defaultChecked={duration === "forever"}
                              />
                              <label htmlFor={`duration-forever-${m.id}`} className="text-sm">
                                {t("forum.users.durationForever")}
                              </label>
                            </div>
                          </fieldset>
                        </ConfirmAction>
                      ) : m.id !== me ? (
                        <p className="max-w-56 text-sm text-muted-foreground">{t("forum.users.staffNotBannable")}</p>
                      ) : null}
                    </div>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}
      <Pagination className="mt-4" page={members.page} pageCount={members.pageCount} total={members.total} />
    </>
  );
}
