import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { TextAreaField } from "#app/components/ui/form-field";
import { useLocalePath } from "#app/lib/use-locale";
import { MODERATION_NOTE_MAX } from "#shared/forum-limits";
import type { ReportRow } from "#server/modules/forum/list-reports";
import { failureFor } from "#app/lib/form";
import { postLinkPath } from "#shared/forum-paths";
import { Badge } from "#app/components/ui/badge";
import { ConfirmAction } from "#app/components/ui/disclosure-form";
import { useDateFormat } from "#app/lib/use-date-format";
import { type AdminActionResult } from "#app/features/admin/shell";

/** The moderator's note, written to the audit log (and read by the author when content is hidden). */
export function NoteField({ failure, idSuffix }: { failure: ReturnType<typeof failureFor>; idSuffix: string }) {
  const { t } = useTranslation("admin");
  return (
    <TextAreaField
      rows={4}
      key={idSuffix}
      label={t("forum.moderation.noteLabel")}
      hint={t("forum.moderation.noteHint")}
      name="reason"
      maxLength={MODERATION_NOTE_MAX}
      defaultValue={failure?.values.reason}
      error={failure?.fieldErrors.reason}
    />
  );
}

/**
 * One report in the queue: the post as readers see it (its stored, sanitized HTML), who wrote and who reported
 * it and why, and the two decisions, each opening a panel across the card with room for the options and a note.
 */
export function ReportCard({ report: r, result }: { report: ReportRow; result: AdminActionResult | undefined }) {
  const { t } = useTranslation("admin");
  const { to } = useLocalePath();
  const { dateTime } = useDateFormat();
  const name = (u: { username: string | null } | null) => u?.username ?? t("forum.deletedUser");
  const failure = failureFor(result, "reportId", r.id);
  const opening = r.post.number === 1;
  return (
    <article className="card p-5" aria-labelledby={`report-${r.id}`}>
      <h3 id={`report-${r.id}`} className="font-bold">
        <Link className="link" to={to(postLinkPath(r.thread.forumSlug, r.thread.slug, r.post.number))}>
          {t("forum.moderation.reports.postIn", { number: r.post.number, title: r.thread.title })}
        </Link>
      </h3>
      <p className="mt-1 flex flex-wrap gap-2 text-xs">
        {r.post.hidden ? <Badge tone="danger">{t("forum.moderation.badges.postHidden")}</Badge> : null}
        {r.thread.hidden ? <Badge tone="danger">{t("forum.moderation.badges.threadHidden")}</Badge> : null}
        {r.post.deleted ? <Badge>{t("forum.moderation.badges.deleted")}</Badge> : null}
        {r.post.openReports > 1 ? (
          <Badge tone="info">{t("forum.moderation.badges.openReports", { count: r.post.openReports })}</Badge>
        ) : null}
      </p>
      <div
        role="region"
        tabIndex={0}
        aria-label={t("forum.moderation.reports.postBody", { number: r.post.number })}
        className="post-body mt-3 max-h-96 overflow-y-auto break-words rounded-lg border-l-4 border-border bg-muted/40 p-3 text-sm"
        dangerouslySetInnerHTML={{ __html: r.post.html }}
      />
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted-foreground">{t("forum.moderation.reports.author")}</dt>
        <dd>{name(r.post.author)}</dd>
        <dt className="text-muted-foreground">{t("forum.moderation.reports.reporter")}</dt>
        <dd>
          {name(r.reporter)} · {dateTime(r.createdAt)}
        </dd>
        <dt className="text-muted-foreground">{t("forum.moderation.reports.reason")}</dt>
        <dd className="whitespace-pre-line">{r.reason}</dd>
        {r.handledBy && r.handledAt ? (
          <>
            <dt className="text-muted-foreground">{t("forum.moderation.reports.handled")}</dt>
            <dd>
              {name(r.handledBy)} · {dateTime(r.handledAt)}
            </dd>
          </>
        ) : null}
      </dl>
      {r.status === "open" ? (
        <div className="mt-4 flex flex-wrap gap-2">
          <ConfirmAction
            tone="primary"
            wide
            label={t("forum.moderation.resolve")}
            question={t("forum.moderation.confirmResolve")}
            confirmLabel={t("forum.moderation.confirmResolveButton")}
            intent="resolve"
            fields={{ reportId: r.id }}
            open={failure?.values.intent === "resolve"}
          >
            {!r.post.deleted && !(opening ? r.thread.hidden : r.post.hidden) ? (
              <div className="flex items-start gap-2">
                <input
                  id={`hide-${r.id}`}
                  name="hide"
                  type="checkbox"
                  className="mt-0.5 size-5 shrink-0"
                  defaultChecked={failure ? failure.values.hide === "on" : false}
                  aria-describedby={`hide-${r.id}-hint`}
                />
                <div>
                  <label htmlFor={`hide-${r.id}`} className="text-sm font-semibold">
                    {t(opening ? "forum.moderation.hideThread" : "forum.moderation.hidePost")}
                  </label>
                  <p id={`hide-${r.id}-hint`} className="text-xs text-muted-foreground">
                    {t(opening ? "forum.moderation.hideThreadHint" : "forum.moderation.hidePostHint")}
                  </p>
                </div>
              </div>
            ) : null}
            <NoteField failure={failure?.values.intent === "resolve" ? failure : undefined} idSuffix={`resolve-${r.id}`} />
          </ConfirmAction>
          <ConfirmAction
            wide
            label={t("forum.moderation.ignore")}
            question={t("forum.moderation.confirmIgnore")}
            confirmLabel={t("forum.moderation.confirmIgnoreButton")}
            intent="ignore"
            fields={{ reportId: r.id }}
            open={failure?.values.intent === "ignore"}
          >
            <NoteField failure={failure?.values.intent === "ignore" ? failure : undefined} idSuffix={`ignore-${r.id}`} />
          </ConfirmAction>
        </div>
      ) : null}
    </article>
  );
}
