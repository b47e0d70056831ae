import { Icon, type IconName } from "#app/components/ui/icon";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { MiniAvatar } from "#app/components/ui/avatar";
import { useDisclosureMenu } from "#app/components/ui/use-disclosure-menu";
import { Field, FormAlert, SubmitButton } from "#app/components/ui/form-field";
import { RelativeTime } from "#app/components/ui/relative-time";
import { formatDate } from "#app/i18n/format";
import type { FormFailure } from "#app/lib/form";
import { useLocalePath } from "#app/lib/use-locale";
import { HtmlOnceBlock } from "#app/components/ui/html-once";
import { RelativeLink } from "#app/components/ui/relative-link";
import { POST_INTENTS } from "#shared/forum-intents";
import { failureOf } from "./fetcher-kit";
import { useForumT } from "./forum-t";
import { ACTION_BUTTON, AcceptControl, AcceptedAnswerCard, LikeControl, PostModerationConfirm, ReportControl } from "./post-actions";
import { MarkdownBody } from "./post-editor";
import type { PagePost, PageView } from "./page-post";

/**
 * One post of a thread page: author, permalink, body (or its trace, or its edit form), the open confirmation
 * or history, and the actions the viewer may take on it.
 */
export function PostItem({
  post,
  view,
  editing,
  deleting,
  history,
  failure,
  result,
  moderation,
  reporting,
  reported,
  viewerId,
  links,
}: {
  post: PagePost;
  view: PageView;
  editing: boolean;
  deleting: boolean;
  history: { postId: string; revisions: { id: number; bodyMd: string; editedBy: { username: string } | null; createdAt: Date }[] } | null;
  failure: FormFailure | undefined;
  /** The page action's answer (a refused like, report… sent without JavaScript). */
  result: unknown;
  /** A moderator's confirmation step open on this post. */
  moderation: "hide" | "publish" | null;
  /** `?report=`: this post's report form open (without JavaScript the Report control is a link to it). */
  reporting: boolean;
  reported: boolean;
  viewerId: string | null;
  links: {
    quote: string;
    edit: string;
    delete: string;
    history: string;
    report: string;
    hide: string;
    publish: string;
    self: string;
    ban: string | null;
    answer: string | null;
  };
}) {
  const t = useForumT();
  const { locale, to } = useLocalePath();
  const mine = failure && failure.values.postId === post.id ? failure : undefined;
  const author = post.author;
  const concealed = post.bodyHtml === null;
  const actionsShown = !post.deleted && !concealed && !editing;
  // A refusal whose control is not on the page (own post, deleted meanwhile, not allowed…) still says why.
  const handled = new Set<string>([
    ...(actionsShown ? ["like", "unlike"] : []),
    ...(actionsShown && post.can.accept ? ["accept", "unaccept"] : []),
    ...(actionsShown && post.can.report ? ["report"] : []),
    ...(moderation ? ["hidePost", "publishPost"] : []),
  ]);
  const stray = failureOf(
    result,
    POST_INTENTS.filter((i) => !handled.has(i)),
    post.id,
  );
  // Less frequent actions go behind "more" (⋯), so the row stays one line on a phone.
  const more: { key: string; to: string; icon: IconName; label: string }[] = [
    ...(post.revisionCount > 0 && !history
      ? [
          {
            key: "history",
            to: links.history,
            icon: "rotate-ccw-clock" as const,
            label: t("thread.showHistory", { count: post.revisionCount }),
          },
        ]
      : []),
    ...(post.can.delete && !deleting ? [{ key: "delete", to: links.delete, icon: "trash" as const, label: t("thread.delete") }] : []),
    ...(post.can.hide && !moderation
      ? [
          post.hidden
            ? { key: "publish", to: links.publish, icon: "send" as const, label: t("moderation.publishPost") }
            : { key: "hide", to: links.hide, icon: "eye-off" as const, label: t("moderation.hidePost") },
        ]
      : []),
    ...(view.can.ban && links.ban && post.author && post.author.id !== viewerId
      ? [{ key: "ban", to: links.ban, icon: "ban" as const, label: t("moderation.banAuthor") }]
      : []),
  ];
  // A visitor's row holds only a like count: without likes there is nothing to list.
  const actionRow =
    actionsShown &&
    (post.can.like ||
      post.likeCount > 0 ||
      post.can.accept ||
      view.can.reply ||
      post.can.edit ||
      post.can.report ||
      more.length > 0 ||
      // A refused like (unconfirmed email…) is said under its control.
      !!failureOf(result, ["like", "unlike"], post.id));
  return (
    <li id={`post-${post.number}`} className={post.accepted ? "card post-card border-positive/70" : "card post-card"}>
      <div className="post-row">
        {/* Decorative: the name beside it is the link to the profile (one link, one tab stop, per author). */}
        {author ? (
          <MiniAvatar url={author.avatarUrl} username={author.username} userId={author.id} size={40} />
        ) : (
          <MiniAvatar username="?" size={40} />
        )}
        <div className="post-main">
          <header className="post-meta">
            {author ? (
              // discover="none": twenty profile links need not each ask for the profile route's code.
              <>
                <Link className="post-author" to={to(`/u/${author.username}`)} discover="none">
                  {author.username}
                </Link>
                {/* "Lv 3" read as "Level 3": the short form is for the eye only. */}
                <span className="post-level" role="img" aria-label={t("levels:level", { level: author.level })}>
                  {t("levels:short", { level: author.level })}
                </span>
              </>
            ) : (
              <span className="font-bold">{t("deletedUser")}</span>
            )}
            {/* WCAG 2.5.3: the name starts with the visible time ("3 hours ago, post 1"), so saying what is seen works. */}
            <Link className="post-time" to={links.self} discover="none">
              <RelativeTime date={post.createdAt} locale={locale} />
              <span className="sr-only">{t("thread.postLink", { number: post.number })}</span>
            </Link>
            {post.editedAt && !concealed ? (
              <span className="text-muted-foreground">
                ({t("thread.edited")} <RelativeTime date={post.editedAt} locale={locale} />)
              </span>
            ) : null}
            {post.accepted ? (
              <span className="inline-flex items-center gap-1 font-semibold text-positive">
                <Icon name="circle-check" size={14} />
                {t("thread.acceptedAnswer")}
              </span>
            ) : null}
            {post.hidden && !concealed ? <span className="font-semibold text-danger">{t("thread.hiddenForOthers")}</span> : null}
            <span className="post-number">{`#${post.number}`}</span>
          </header>

          <FormAlert message={stray?.formError} values={stray?.formErrorValues} />
          {post.deleted ? (
            <p className="italic text-muted-foreground">{t("thread.deletedTrace")}</p>
          ) : concealed ? (
            <p className="italic text-muted-foreground">{t("thread.hiddenTrace")}</p>
          ) : editing ? (
            <Form method="post" className="space-y-4" noValidate>
              <input type="hidden" name="intent" value="edit" />
              <input type="hidden" name="postId" value={post.id} />
              <input type="hidden" name="number" value={post.number} />
              <FormAlert message={mine?.formError} values={mine?.formErrorValues} />
              {post.number === 1 ? (
                <Field
                  label={t("newThread.titleLabel")}
                  name="title"
                  defaultValue={mine?.values.title ?? view.thread.title}
                  minLength={5}
                  maxLength={150}
                  required
                  error={mine?.fieldErrors.title}
                />
              ) : null}
              <MarkdownBody
                label={t("thread.editLabel")}
                defaultValue={mine?.values.body ?? post.bodyMd ?? ""}
                error={mine?.fieldErrors.body}
                errorValues={mine?.formErrorValues}
                autoFocus
              />
              <div className="flex flex-wrap gap-3">
                <SubmitButton name="intent" value="edit">
                  {t("thread.saveEdit")}
                </SubmitButton>
                <Link className="btn btn-outline" to={links.self}>
                  {t("cancel")}
                </Link>
              </div>
            </Form>
          ) : (
            // Sanitized by the server's Markdown renderer when the post was saved.
            <HtmlOnceBlock id={`body-of-${post.number}`} className="post-body break-words" html={post.bodyHtml!} />
          )}

          {deleting && !post.deleted ? (
            <Form
              method="post"
              className="space-y-3 rounded-lg border border-danger/60 p-4"
              role="group"
              aria-label={t("thread.deleteConfirmLabel")}
            >
              <input type="hidden" name="postId" value={post.id} />
              <input type="hidden" name="number" value={post.number} />
              <FormAlert message={mine?.formError} values={mine?.formErrorValues} />
              <p className="font-medium">{t("thread.deleteConfirm")}</p>
              <div className="flex flex-wrap gap-3">
                <SubmitButton name="intent" value="delete" className="btn btn-primary">
                  {t("thread.deleteSubmit")}
                </SubmitButton>
                <Link className="btn btn-outline" to={links.self}>
                  {t("cancel")}
                </Link>
              </div>
            </Form>
          ) : null}

          {moderation && !post.deleted ? (
            <PostModerationConfirm post={post} mode={moderation} failure={mine} cancelHref={links.self} />
          ) : null}

          {history ? (
            <section aria-label={t("thread.historyLabel")} className="space-y-3 rounded-lg border border-border p-4">
              <h3 className="text-sm font-semibold">{t("thread.historyHeading", { count: history.revisions.length })}</h3>
              <ol className="space-y-3">
                {history.revisions.map((r) => (
                  <li key={r.id} className="space-y-1">
                    <p className="text-xs text-muted-foreground">
                      {t("thread.revisionBy", {
                        username: r.editedBy?.username ?? t("deletedUser"),
                        date: formatDate(r.createdAt, locale, { dateStyle: "medium", timeStyle: "short" }),
                      })}
                    </p>
                    {/* The earlier Markdown source, shown as text (never as HTML). */}
                    <pre className="whitespace-pre-wrap break-words rounded bg-muted p-3 font-mono text-sm">{r.bodyMd}</pre>
                  </li>
                ))}
              </ol>
              <Link className="link text-sm" to={links.self}>
                {t("thread.hideHistory")}
              </Link>
            </section>
          ) : null}
        </div>
      </div>
      {actionRow || (post.number === 1 && view.thread.acceptedAnswer && links.answer) ? (
        // Under the post, the full card's width on phones (one line of icons), beside the avatar's column from sm.
        <div className="post-foot">
          {actionRow ? (
            <ul className="post-actions" aria-label={t("thread.postActions", { number: post.number })}>
              <LikeControl post={post} failure={failureOf(result, ["like", "unlike"], post.id)} />
              {post.can.accept ? (
                <AcceptControl post={post} threadId={view.thread.id} failure={failureOf(result, ["accept", "unaccept"], post.id)} />
              ) : null}
              {view.can.reply ? <PostAction to={links.quote} icon="quote" label={t("thread.quote")} /> : null}
              {post.can.edit ? <PostAction to={links.edit} icon="pencil" label={t("thread.edit")} /> : null}
              {post.can.report ? (
                <ReportControl
                  post={post}
                  failure={failureOf(result, ["report"], post.id)}
                  sent={reported}
                  open={reporting}
                  href={links.report}
                />
              ) : null}
              {more.length ? (
                <MoreActions label={t("thread.moreActions", { number: post.number })}>
                  {more.map(({ key, ...item }) => (
                    <MenuAction key={key} {...item} />
                  ))}
                </MoreActions>
              ) : null}
            </ul>
          ) : null}
          {post.number === 1 && view.thread.acceptedAnswer && links.answer ? (
            <AcceptedAnswerCard answer={view.thread.acceptedAnswer} href={links.answer} />
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** One action under a post (quote, edit, sign in to report): a link, so it works before JavaScript. */
function PostAction({ to, icon, label }: { to: string; icon: IconName; label: string }) {
  return (
    <li>
      <RelativeLink className={ACTION_BUTTON} to={to}>
        <Icon name={icon} size={16} />
        <span>{label}</span>
      </RelativeLink>
    </li>
  );
}

/** The "more" menu (⋯) of a post: a disclosure, so it opens without JavaScript too; closes on Escape and outside clicks. */
function MoreActions({ label, children }: { label: string; children: ReactNode }) {
  const ref = useDisclosureMenu();
  return (
    <li>
      <details ref={ref} className="relative">
        <summary className={`${ACTION_BUTTON} list-none [&::-webkit-details-marker]:hidden`}>
          <Icon name="ellipsis" size={18} />
          <span className="sr-only">{label}</span>
        </summary>
        <ul className="card absolute right-0 z-20 mt-1 w-max min-w-48 max-w-[calc(100vw-2rem)] p-1 shadow-lg">{children}</ul>
      </details>
    </li>
  );
}

function MenuAction({ to, icon, label }: { to: string; icon: IconName; label: string }) {
  return (
    <li>
      <RelativeLink className="flex min-h-11 items-center gap-2 rounded-md px-3 text-sm font-medium hover:bg-muted" to={to}>
        <Icon name={icon} size={16} />
        {label}
      </RelativeLink>
    </li>
  );
}
