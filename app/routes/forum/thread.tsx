import { Fragment, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, isRouteErrorResponse, Link, redirect, useLocation, useNavigate, useNavigation } from "react-router";
import { ErrorView, overloadOf } from "#app/components/layout/error-view";
import { FormAlert, SubmitButton } from "#app/components/ui/form-field";
import { RelativeTime } from "#app/components/ui/relative-time";
import { toast } from "#app/components/ui/toast";
import { repliedFrom, repliedMessages, useRepliedToasts } from "#app/features/forum/reply-earned";
import { useHydrated } from "#app/features/forum/fetcher-kit";
import { FollowButton } from "#app/features/forum/follow-button";
import { ForumTProvider } from "#app/features/forum/forum-t";
import { requireForum } from "#app/features/forum/gate.server";
import { ModerationToolbar, offersModeration } from "#app/features/forum/moderation-toolbar";
import { PostItem } from "#app/features/forum/post";
import { LikeForm } from "#app/features/forum/post-actions";
import { pageView } from "#app/features/forum/page-posts.server";
import { JsonLdOnce } from "#app/components/ui/html-once";
import { jsonLdOnce } from "#app/lib/html-once.server";
import { MarkdownBody, PreviewButton } from "#app/features/forum/post-editor";
import { threadAction, type PreviewResult } from "#app/features/forum/thread-action.server";
import { threadJsonLd } from "#app/features/forum/thread-json-ld";
import { Breadcrumbs, localized, Pagination, tagName, ThreadBadges } from "#app/features/forum/ui";
import type { FormFailure } from "#app/lib/form";
import { nameParam } from "#app/lib/guards.server";
import { pageErrorFor } from "#app/lib/page-error.server";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import { TOOLBAR_INTENTS } from "#shared/forum-intents";
import { pageOfPost, threadPath } from "#shared/forum-paths";
import type { Route } from "./+types/thread";

// `levels`: the authors' level badges and the level reached by one's reply.
export const handle = { i18n: ["forum", "levels"] };
export { actionHeaders as headers } from "#app/lib/route-headers";

/**
 * A thread page. Its modes (a page of posts, a post's edit form, delete or moderation confirmation, history,
 * a quote in the reply form…) are query parameters, read by the forum's view builder (`threadPage`).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  nameParam(params.forumSlug);
  nameParam(params.threadSlug);
  await requireForum(context);
  const { t, seo, locale } = pageTools(context, request, "forum");
  const result = await context.services.forum
    .threadPage(context.actor, { forumSlug: params.forumSlug, threadSlug: params.threadSlug, search: new URL(request.url).search })
    .catch(pageErrorFor);
  if ("redirect" in result) throw redirect(context.localePrefix + result.redirect.to, result.redirect.status);
  const { view, quoted, noindex, ...modes } = result.page;
  const { thread } = view;
  const path = threadPath(view.forum.slug, thread.slug);
  const url = new URL(request.url);
  const levels = await context.services.gamification.levelsOf(view.posts.flatMap((p) => (p.author ? [p.author.id] : [])));
  return {
    seo: seo({
      title: view.page > 1 ? t("forum.titlePage", { title: thread.title, page: view.page }) : thread.title,
      description: thread.description || t("thread.description", { title: thread.title }),
      path: `${path}${view.page > 1 ? `?page=${view.page}` : ""}`,
      type: "article",
      noindex,
    }),
    // In the page's body rather than its metadata, so the hydration data does not carry it again. Only for
    // visitors: search engines read the page signed out, and a member's page is never indexed.
    jsonLd: context.actor
      ? null
      : jsonLdOnce(context, "thread-ld", threadJsonLd(view, context.services.env.baseUrl, locale, t("deletedUser"))),
    view: pageView(context, view, modes.editingId, levels),
    quote: quoted
      ? `> ${t("thread.quoteWrote", { username: quoted.username ?? t("deletedUser") })}\n${quoted.bodyMd
          .split("\n")
          .map((l) => `> ${l}`)
          .join("\n")}\n\n`
      : null,
    ...modes,
    viewer: context.actor ? { id: context.actor.userId, emailVerified: context.actor.emailVerified } : null,
    /** `?created=1`: its author just published the thread (the new-thread form's redirect): said once, to them. */
    created: url.searchParams.get("created") === "1" && !!thread.author && thread.author.id === context.actor?.userId,
    replied: repliedFrom(url.searchParams, view.posts, context.actor?.userId),
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export async function action({ context, request, params }: Route.ActionArgs) {
  nameParam(params.forumSlug);
  nameParam(params.threadSlug);
  await requireForum(context);
  return threadAction(context, request, params);
}

type Result = Route.ComponentProps["actionData"];
const failureFor = (result: Result, intent: string) =>
  result && !result.ok && (result as FormFailure).values.intent === intent ? (result as FormFailure) : undefined;

export default function ThreadPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("forum");
  const { locale, to } = useLocalePath();
  const {
    view,
    jsonLd,
    quote,
    editingId,
    deletingId,
    history,
    viewer,
    hidingId,
    publishingId,
    confirmingHideThread,
    reportingId,
    reported,
    created,
    replied,
  } = loaderData;
  const { thread, forum } = view;
  const base = threadPath(forum.slug, thread.slug);
  const pageHref = (page: number, extra = "") => {
    const p = new URLSearchParams();
    if (page > 1) p.set("page", String(page));
    const s = p.toString();
    return to(`${base}${s ? `?${s}` : ""}${extra}`);
  };
  /** Another state of this page for one post (`?quote=<id>#reply`): relative, a few bytes a post. */
  const withParam = (name: string, id: string, anchor: string) => {
    const p = new URLSearchParams();
    if (view.page > 1) p.set("page", String(view.page));
    p.set(name, id);
    return `?${p.toString()}#${anchor}`;
  };
  const replyFailure = failureFor(actionData, "reply");
  const preview = actionData && actionData.ok && actionData.intent === "preview" ? (actionData as PreviewResult) : undefined;
  const here = `${base}${view.page > 1 ? `?page=${view.page}` : ""}`;
  const returnHere = `${here}#reply`;
  /** Sign in, then back to this place of the page. */
  const loginTo = (anchor: string) => to(`/login?redirectTo=${encodeURIComponent(here + anchor)}`);
  const toolbarFailure = TOOLBAR_INTENTS.map((i) => failureFor(actionData, i)).find(Boolean);
  const replyKey = useClearedAfterReply(!!replyFailure);
  const hydrated = useHydrated();
  useCreatedToast(created, t("newThread.created"));
  const repliedTexts = replied ? repliedMessages(t, locale, replied) : null;
  useRepliedToasts(repliedTexts);
  // The "new posts since your last visit" line: before the first post past the member's last read one.
  const firstNew = view.lastReadNumber !== null ? (view.posts.find((p) => p.number > view.lastReadNumber!)?.number ?? null) : null;

  return (
    <ForumTProvider value={t}>
      <JsonLdOnce id="thread-ld" json={jsonLd} />
      <article className="space-y-6" aria-labelledby="thread-title">
        <Breadcrumbs
          items={[
            { to: to("/community"), label: t("index.title") },
            { label: localized(locale, forum.category.titleEs, forum.category.titleEn) },
            { to: to(`/community/${forum.slug}`), label: localized(locale, forum.titleEs, forum.titleEn) },
          ]}
        />
        <header className="space-y-2">
          <h1 id="thread-title" className="break-words text-3xl font-black sm:text-4xl">
            {thread.title}
          </h1>
          <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
            <ThreadBadges thread={thread} />
            <span>
              {thread.author ? t("byAuthor", { username: thread.author.username }) : t("deletedUser")} ·{" "}
              <RelativeTime date={thread.createdAt} locale={locale} />
            </span>
            <span>{t("counts.replies", { count: thread.replyCount })}</span>
            <span>{t("counts.views", { count: thread.viewCount })}</span>
          </div>
          {view.can.follow || !viewer ? (
            <div className="flex flex-wrap items-center gap-3 pt-1">
              <FollowButton
                following={thread.following}
                fields={{ threadId: thread.id, page: String(view.page) }}
                label={t("interact.followThread")}
                loginHref={viewer ? null : loginTo("#thread-title")}
                failure={failureFor(actionData, "follow") ?? failureFor(actionData, "unfollow")}
              />
            </div>
          ) : null}
          {thread.tags.length ? (
            <ul className="flex flex-wrap gap-1.5" aria-label={t("tags")}>
              {thread.tags.map((tag) => (
                <li key={tag.slug}>
                  <Link
                    className="inline-flex min-h-7 items-center rounded-full bg-muted px-2.5 text-xs font-medium hover:underline"
                    to={to(`/community/${forum.slug}?tag=${encodeURIComponent(tag.slug)}`)}
                  >
                    {`#${tagName(locale, tag)}`}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          {offersModeration(view.can) ? (
            <ModerationToolbar
              view={view}
              locale={locale}
              page={view.page}
              hideHref={`${pageHref(view.page)}${view.page > 1 ? "&" : "?"}hideThread=1#thread-title`}
              cancelHref={pageHref(view.page, "#thread-title")}
              confirmingHide={confirmingHideThread}
              failure={toolbarFailure ?? failureFor(actionData, "hideThread")}
            />
          ) : null}
        </header>

        <Pagination page={view.page} pageCount={view.pageCount} hrefFor={(p) => pageHref(p)} label={t("pagination.posts")} />

        {created && !hydrated ? (
          // Without JavaScript the confirmation is a line on the page; with it, a toast (below).
          <p role="status" className="rounded-lg border border-positive/60 bg-positive/10 px-4 py-3 font-medium">
            {t("newThread.created")}
          </p>
        ) : null}
        {repliedTexts && !hydrated ? (
          // Without JavaScript what the reply earned is said on the page; with it, in toasts (below).
          <div role="status" className="space-y-1 rounded-lg border border-positive/60 bg-positive/10 px-4 py-3 font-medium">
            <p>{repliedTexts.reply.title}</p>
            {repliedTexts.levelUp ? <p>{repliedTexts.levelUp.title}</p> : null}
          </div>
        ) : null}

        {view.posts.some((p) => p.can.like) ? <LikeForm /> : null}
        <ol className="space-y-4" aria-label={t("thread.postsLabel")}>
          {view.posts.map((post) => (
            <Fragment key={post.id}>
              {post.number === firstNew ? (
                <li id="new-posts" className="flex scroll-mt-24 items-center gap-3 text-sm font-semibold text-primary">
                  <span aria-hidden="true" className="h-px flex-1 bg-primary/60" />
                  {t("thread.newSince")}
                  <span aria-hidden="true" className="h-px flex-1 bg-primary/60" />
                </li>
              ) : null}
              <PostItem
                post={post}
                view={view}
                editing={editingId === post.id}
                deleting={deletingId === post.id}
                history={history && history.postId === post.id ? history : null}
                failure={
                  failureFor(actionData, "edit") ??
                  failureFor(actionData, "delete") ??
                  failureFor(actionData, "hidePost") ??
                  failureFor(actionData, "publishPost")
                }
                result={actionData}
                moderation={hidingId === post.id ? "hide" : publishingId === post.id ? "publish" : null}
                reporting={reportingId === post.id}
                reported={reported === post.id}
                viewerId={viewer?.id ?? null}
                links={{
                  quote: withParam("quote", post.id, "reply"),
                  edit: withParam("edit", post.id, `post-${post.number}`),
                  delete: withParam("delete", post.id, `post-${post.number}`),
                  history: withParam("history", post.id, `post-${post.number}`),
                  report: withParam("report", post.id, `post-${post.number}`),
                  hide: withParam("hide", post.id, `post-${post.number}`),
                  publish: withParam("publish", post.id, `post-${post.number}`),
                  self: pageHref(view.page, `#post-${post.number}`),
                  ban: post.author ? to(`/admin/forum/users?q=${encodeURIComponent(post.author.username)}`) : null,
                  answer: view.thread.acceptedAnswer
                    ? pageHref(pageOfPost(view.thread.acceptedAnswer.number), `#post-${view.thread.acceptedAnswer.number}`)
                    : null,
                }}
              />
            </Fragment>
          ))}
        </ol>

        <Pagination page={view.page} pageCount={view.pageCount} hrefFor={(p) => pageHref(p)} label={t("pagination.postsBottom")} />

        <section id="reply" aria-labelledby="reply-heading" className="card scroll-mt-24 space-y-4 p-6">
          <h2 id="reply-heading" className="text-xl font-bold">
            {t("thread.replyHeading")}
          </h2>
          {view.can.reply ? (
            <Form method="post" className="space-y-4" noValidate>
              <input type="hidden" name="threadId" value={thread.id} />
              <FormAlert message={replyFailure?.formError} values={replyFailure?.formErrorValues} />
              <MarkdownBody
                key={`${quote ?? "reply"}-${replyKey}`}
                label={t("thread.replyLabel")}
                defaultValue={replyFailure?.values.body ?? preview?.values.body ?? quote ?? ""}
                error={replyFailure?.fieldErrors.body}
                errorValues={replyFailure?.formErrorValues}
                preview={preview?.preview}
                rows={6}
              />
              <div className="flex flex-wrap gap-3">
                <SubmitButton name="intent" value="reply">
                  {t("thread.replySubmit")}
                </SubmitButton>
                <PreviewButton />
              </div>
            </Form>
          ) : !viewer ? (
            <p>
              <Link className="btn btn-primary" to={to(`/login?redirectTo=${encodeURIComponent(returnHere)}`)}>
                {t("thread.signInToTakePart")}
              </Link>
            </p>
          ) : thread.locked ? (
            <FormAlert variant="info" message="errors:forum.locked" />
          ) : (
            <FormAlert variant="info" message={viewer.emailVerified ? "errors:auth.forbidden" : "errors:auth.email_unverified"} />
          )}
        </section>
      </article>
    </ForumTProvider>
  );
}

/**
 * The reply box empties once a reply is posted (it invited double posts), and keeps its text when the reply is
 * refused: a key that changes after a successful reply. Without JavaScript the redirect renders an empty box.
 */
function useClearedAfterReply(refused: boolean): number {
  const navigation = useNavigation();
  const sending = navigation.formData?.get("intent") === "reply";
  const wasSending = useRef(false);
  const [cleared, setCleared] = useState(0);
  useEffect(() => {
    if (sending) wasSending.current = true;
    else if (navigation.state === "idle" && wasSending.current) {
      wasSending.current = false;
      if (!refused) setCleared((n) => n + 1);
    }
  }, [sending, navigation.state, refused]);
  return cleared;
}

/** `?created=1` after publishing a thread: a toast once, then the address without it (a reload says nothing). */
function useCreatedToast(created: boolean, message: string) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!created) return;
    toast({ title: message, variant: "success" });
    const params = new URLSearchParams(location.search);
    params.delete("created");
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash },
      { replace: true, preventScrollReset: true },
    );
  }, [created, message, location, navigate]);
}

/** SPEC §8: a thread that could not be loaded says so; an unknown one is the 404 page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation("forum");
  // An unknown thread is the 404 page; a busy site says so and tries again by itself.
  if ((isRouteErrorResponse(error) && error.status === 404) || overloadOf(error)) return <ErrorView error={error} />;
  return (
    <section role="alert" className="py-16 text-center">
      <h1 className="text-3xl font-bold">{t("thread.loadFailed")}</h1>
      <form method="get">
        <button type="submit" className="btn btn-primary mt-6">
          {t("errors.tryAgain", { ns: "common" })}
        </button>
      </form>
    </section>
  );
}
