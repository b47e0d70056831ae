import { CheckCircle2, EyeOff, Flag, History, Pencil, Quote, Send, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, isRouteErrorResponse, Link, redirect } from "react-router";
import { ErrorView } from "#app/components/layout/error-view";
import { MiniAvatar } from "#app/components/ui/avatar";
import { Field, FormAlert, SubmitButton } from "#app/components/ui/form-field";
import { RelativeTime } from "#app/components/ui/relative-time";
import { failureOf, type InteractionDone } from "#app/features/forum/fetcher-kit";
import { FollowButton } from "#app/features/forum/follow-button";
import { notFoundFor, requireForum } from "#app/features/forum/gate.server";
import { interactionFor } from "#app/features/forum/interactions.server";
import { BanAuthorLink, ModerationToolbar } from "#app/features/forum/moderation-toolbar";
import { POST_INTENTS, TOOLBAR_INTENTS } from "#shared/forum-intents";
import { AcceptControl, AcceptedAnswerCard, LikeControl, PostModerationConfirm, ReportControl } from "#app/features/forum/post-actions";
import { MarkdownBody, PreviewButton } from "#app/features/forum/post-editor";
import { ForumTProvider, useForumT } from "#app/features/forum/forum-t";
import { Breadcrumbs, localized, Pagination, tagName, ThreadBadges } from "#app/features/forum/ui";
import { localizedPath } from "#shared/locales";
import { formatDate } from "#app/i18n/format";
import type { FormFailure } from "#app/lib/form";
import { actionFailure, isDomainErrorLike } from "#app/lib/form.server";
import { nameParam, requireUser } from "#app/lib/guards.server";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { ThreadPost, ThreadView } from "#server/modules/forum/get-thread";
import type { MovedThread } from "#server/modules/forum/move-thread";
import type { Route } from "./+types/thread";
import { FORUM_PAGE_SIZE as POSTS_PER_PAGE } from "#shared/page-sizes";

export const handle = { i18n: ["forum"] };
export { actionHeaders as headers } from "#app/lib/route-headers";

const pageOf = (number: number) => Math.max(1, Math.ceil(number / POSTS_PER_PAGE));
const threadPath = (forumSlug: string, threadSlug: string) => `/community/${forumSlug}/${threadSlug}`;
/** The thread page that holds post n, with its anchor. */
const postPath = (forumSlug: string, threadSlug: string, number: number) => {
  const page = pageOf(number);
  return `${threadPath(forumSlug, threadSlug)}${page > 1 ? `?page=${page}` : ""}#post-${number}`;
};

export async function loader({ context, request, params }: Route.LoaderArgs) {
  nameParam(params.forumSlug);
  nameParam(params.threadSlug);
  await requireForum(context);
  const { t, seo, locale } = pageTools(context, request, "forum");
  const url = new URL(request.url);
  const q = url.searchParams;
  const prefix = context.localePrefix;
  const forum = context.services.forum;

  // ?post=n: a link to one post, wherever it is.
  const wanted = q.get("post");
  if (wanted && /^\d{1,7}$/.test(wanted)) throw redirect(prefix + postPath(params.forumSlug, params.threadSlug, Number(wanted)));

  const result = await forum
    .getThread(context.actor, { forumSlug: params.forumSlug, threadSlug: params.threadSlug, page: q.get("page") ?? undefined })
    .catch(notFoundFor);
  // An old slug (the title changed): the current address, for good.
  if ("redirectTo" in result)
    throw redirect(`${prefix}${threadPath(result.redirectTo.forumSlug, result.redirectTo.threadSlug)}${url.search}`, 301);
  const view = result;
  if (view.page > view.pageCount) throw new Response("Not Found", { status: 404 });

  const find = (name: string) => {
    const id = q.get(name);
    return id ? view.posts.find((p) => p.id === id && p.bodyMd !== null) : undefined;
  };
  const quoted = view.can.reply ? find("quote") : undefined;
  const editing = find("edit");
  const deleting = find("delete");
  const historyOf = find("history");
  // Moderation confirmations (a second view of the page, so they work without JavaScript).
  const hiding = find("hide");
  const publishing = find("publish");
  const confirmingHideThread = q.get("hideThread") === "1" && view.can.moderate && !view.thread.hidden;
  // After a report sent without JavaScript: the thank-you at that post.
  const reportedId = q.get("reported");
  const reported = reportedId && view.posts.some((p) => p.id === reportedId && p.can.report) ? reportedId : null;
  const history = historyOf ? await forum.listRevisions(context.actor, { postId: historyOf.id }).catch(() => null) : null;
  const quote = quoted
    ? `> ${t("thread.quoteWrote", { username: quoted.author?.username ?? t("deletedUser") })}\n${quoted
        .bodyMd!.split("\n")
        .map((l) => `> ${l}`)
        .join("\n")}\n\n`
    : null;

  const { thread } = view;
  const path = threadPath(view.forum.slug, thread.slug);
  return {
    seo: seo({
      title: view.page > 1 ? t("forum.titlePage", { title: thread.title, page: view.page }) : thread.title,
      description: thread.description || t("thread.description", { title: thread.title }),
      path: `${path}${view.page > 1 ? `?page=${view.page}` : ""}`,
      type: "article",
      noindex: thread.hidden || !!(editing || deleting || historyOf || quoted || hiding || publishing || confirmingHideThread || reported),
      jsonLd: [threadJsonLd(view, context.services.env.baseUrl, locale, t("deletedUser"))],
    }),
    view,
    quote,
    editingId: editing && editing.can.edit ? editing.id : null,
    deletingId: deleting && deleting.can.delete ? deleting.id : null,
    history,
    hidingId: hiding && hiding.can.hide && !hiding.hidden ? hiding.id : null,
    publishingId: publishing && publishing.can.hide && publishing.hidden ? publishing.id : null,
    confirmingHideThread,
    reported,
    viewer: context.actor ? { id: context.actor.userId, emailVerified: context.actor.emailVerified } : null,
  };
}

/** SPEC: pages that search engines understand. DiscussionForumPosting, or QAPage once the question is resolved. */
function threadJsonLd(view: ThreadView, baseUrl: string, locale: "es" | "en", deletedUser: string) {
  const { thread } = view;
  const url = baseUrl + localizedPath(threadPath(view.forum.slug, thread.slug), locale);
  const person = (a: { username: string } | null) =>
    a
      ? { "@type": "Person", name: a.username, url: baseUrl + localizedPath(`/u/${a.username}`, locale) }
      : { "@type": "Person", name: deletedUser };
  const visible = view.posts.filter((p) => p.bodyMd !== null && !p.hidden);
  const replies = visible.filter((p) => p.number > 1);
  const textOf = (p: ThreadPost) => (p.bodyMd ?? "").replace(/\s+/g, " ").trim().slice(0, 500);
  const postUrl = (p: ThreadPost) => `${url}${view.page > 1 ? `?page=${view.page}` : ""}#post-${p.number}`;
  const inLanguage = locale === "es" ? "es-ES" : "en-US";
  if (thread.resolved) {
    const answer = (p: ThreadPost) => ({
      "@type": "Answer",
      text: textOf(p),
      author: person(p.author),
      datePublished: new Date(p.createdAt).toISOString(),
      url: postUrl(p),
      upvoteCount: p.likeCount,
    });
    const accepted = replies.find((p) => p.accepted);
    return {
      "@context": "https://schema.org",
      "@type": "QAPage",
      inLanguage,
      mainEntity: {
        "@type": "Question",
        name: thread.title,
        text: thread.description || thread.title,
        answerCount: thread.replyCount,
        upvoteCount: thread.likeCount,
        datePublished: new Date(thread.createdAt).toISOString(),
        author: person(thread.author),
        url,
        ...(accepted ? { acceptedAnswer: answer(accepted) } : {}),
        suggestedAnswer: replies.filter((p) => !p.accepted).map(answer),
      },
    };
  }
  return {
    "@context": "https://schema.org",
    "@type": "DiscussionForumPosting",
    "@id": url,
    url,
    headline: thread.title,
    text: thread.description || thread.title,
    inLanguage,
    author: person(thread.author),
    datePublished: new Date(thread.createdAt).toISOString(),
    dateModified: new Date(thread.lastActivityAt).toISOString(),
    interactionStatistic: [
      { "@type": "InteractionCounter", interactionType: "https://schema.org/CommentAction", userInteractionCount: thread.replyCount },
      { "@type": "InteractionCounter", interactionType: "https://schema.org/LikeAction", userInteractionCount: thread.likeCount },
    ],
    comment: replies.map((p) => ({
      "@type": "Comment",
      text: textOf(p),
      author: person(p.author),
      datePublished: new Date(p.createdAt).toISOString(),
      url: postUrl(p),
    })),
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

type PreviewResult = { ok: true; intent: "preview"; preview: string; values: Record<string, string> };

export async function action({ context, request, params }: Route.ActionArgs) {
  nameParam(params.forumSlug);
  nameParam(params.threadSlug);
  await requireForum(context);
  // SPEC §5: replying needs a login (a visitor goes to /login and comes back here).
  const actor = requireUser(context, request);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const forum = context.services.forum;
  const prefix = context.localePrefix;
  const number = Number(formData.get("number"));
  const validNumber = Number.isInteger(number) && number > 0 ? number : 1;

  // Likes, follows, reports, answers and moderation: one operation each (see interactions.server.ts).
  const interaction = interactionFor(intent);
  if (interaction) {
    let result: unknown;
    try {
      result = await interaction.run(forum, actor, formData);
    } catch (err) {
      // A post deleted or hidden meanwhile says so where the button was (not a 404 page).
      return actionFailure(err, formData);
    }
    if (intent === "move") {
      const moved = result as MovedThread;
      return redirect(prefix + threadPath(moved.forumSlug, moved.slug), 303);
    }
    // A fetcher (JavaScript) keeps the page where it is; a plain form post comes back to the post or header.
    if (formData.get("js") === "1") {
      const done: InteractionDone = {
        ok: true,
        intent,
        ...(interaction.scope === "post" ? { postId: String(formData.get("postId") ?? "") } : {}),
      };
      return done;
    }
    if (interaction.scope === "post") {
      const page = pageOf(validNumber);
      const query = new URLSearchParams();
      if (page > 1) query.set("page", String(page));
      if (intent === "report") query.set("reported", String(formData.get("postId") ?? ""));
      const search = query.toString();
      return redirect(`${prefix}${threadPath(params.forumSlug, params.threadSlug)}${search ? `?${search}` : ""}#post-${validNumber}`, 303);
    }
    const page = Number(formData.get("page"));
    const onPage = Number.isInteger(page) && page > 1 ? `?page=${page}` : "";
    return redirect(`${prefix}${threadPath(params.forumSlug, params.threadSlug)}${onPage}#thread-title`, 303);
  }

  try {
    switch (intent) {
      case "reply": {
        const created = await forum.reply(actor, { threadId: formData.get("threadId"), body: formData.get("body") });
        return redirect(prefix + postPath(params.forumSlug, params.threadSlug, created.number), 303);
      }
      case "preview": {
        const { html } = await forum.previewPost(actor, { body: formData.get("body") });
        const result: PreviewResult = {
          ok: true,
          intent: "preview",
          preview: html,
          values: { intent: "reply", body: String(formData.get("body") ?? "") },
        };
        return result;
      }
      case "edit": {
        const title = formData.get("title");
        const edited = await forum.editPost(actor, {
          postId: formData.get("postId"),
          body: formData.get("body"),
          ...(typeof title === "string" ? { title } : {}),
        });
        return redirect(prefix + postPath(params.forumSlug, edited.slug, validNumber), 303);
      }
      case "delete": {
        await forum.deletePost(actor, { postId: formData.get("postId") });
        return redirect(prefix + postPath(params.forumSlug, params.threadSlug, validNumber), 303);
      }
      default:
        throw new Response("Bad Request", { status: 400 });
    }
  } catch (err) {
    if (isDomainErrorLike(err) && err.code === "not_found") notFoundFor(err);
    return actionFailure(err, formData, { "forum.duplicate_post": "body" });
  }
}

type Result = Route.ComponentProps["actionData"];
const failureFor = (result: Result, intent: string) =>
  result && !result.ok && (result as FormFailure).values.intent === intent ? (result as FormFailure) : undefined;

export default function ThreadPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("forum");
  const { locale, to } = useLocalePath();
  const { view, quote, editingId, deletingId, history, viewer, hidingId, publishingId, confirmingHideThread, reported } = loaderData;
  const { thread, forum } = view;
  const base = threadPath(forum.slug, thread.slug);
  const pageHref = (page: number, extra = "") => {
    const p = new URLSearchParams();
    if (page > 1) p.set("page", String(page));
    const s = p.toString();
    return to(`${base}${s ? `?${s}` : ""}${extra}`);
  };
  const withParam = (name: string, id: string, anchor: string) => {
    const p = new URLSearchParams();
    if (view.page > 1) p.set("page", String(view.page));
    p.set(name, id);
    return to(`${base}?${p.toString()}#${anchor}`);
  };
  const replyFailure = failureFor(actionData, "reply");
  const preview = actionData && actionData.ok && actionData.intent === "preview" ? (actionData as PreviewResult) : undefined;
  const here = `${base}${view.page > 1 ? `?page=${view.page}` : ""}`;
  const returnHere = `${here}#reply`;
  /** Sign in, then back to this place of the page. */
  const loginTo = (anchor: string) => to(`/login?redirectTo=${encodeURIComponent(here + anchor)}`);
  const toolbarFailure = TOOLBAR_INTENTS.map((i) => failureFor(actionData, i)).find(Boolean);

  return (
    <ForumTProvider value={t}>
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
                    className="inline-block rounded-full bg-muted px-2 py-0.5 text-xs font-medium hover:underline"
                    to={to(`/community/${forum.slug}?tag=${encodeURIComponent(tag.slug)}`)}
                  >
                    {`#${tagName(locale, tag)}`}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          {view.can.moderate ? (
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

        <ol className="space-y-4" aria-label={t("thread.postsLabel")}>
          {view.posts.map((post) => (
            <PostItem
              key={post.id}
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
              reported={reported === post.id}
              viewerId={viewer?.id ?? null}
              links={{
                quote: withParam("quote", post.id, "reply"),
                edit: withParam("edit", post.id, `post-${post.number}`),
                delete: withParam("delete", post.id, `post-${post.number}`),
                history: withParam("history", post.id, `post-${post.number}`),
                hide: withParam("hide", post.id, `post-${post.number}`),
                publish: withParam("publish", post.id, `post-${post.number}`),
                self: pageHref(view.page, `#post-${post.number}`),
                login: viewer ? null : loginTo(`#post-${post.number}`),
                ban: post.author ? to(`/admin/forum/users?q=${encodeURIComponent(post.author.username)}`) : null,
                answer: view.thread.acceptedAnswer
                  ? pageHref(pageOf(view.thread.acceptedAnswer.number), `#post-${view.thread.acceptedAnswer.number}`)
                  : null,
              }}
            />
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
                key={quote ?? "reply"}
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
                {t("thread.signInToReply")}
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

function PostItem({
  post,
  view,
  editing,
  deleting,
  history,
  failure,
  result,
  moderation,
  reported,
  viewerId,
  links,
}: {
  post: ThreadPost;
  view: ThreadView;
  editing: boolean;
  deleting: boolean;
  history: { postId: string; revisions: { id: number; bodyMd: string; editedBy: { username: string } | null; createdAt: Date }[] } | null;
  failure: FormFailure | undefined;
  /** The page action's answer (a refused like, report… sent without JavaScript). */
  result: unknown;
  /** A moderator's confirmation step open on this post. */
  moderation: "hide" | "publish" | null;
  reported: boolean;
  viewerId: string | null;
  links: {
    quote: string;
    edit: string;
    delete: string;
    history: string;
    hide: string;
    publish: string;
    self: string;
    login: string | null;
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
  return (
    <li id={`post-${post.number}`} className={`card scroll-mt-24 p-4 sm:p-5 ${post.accepted ? "border-positive/70" : ""}`}>
      <div className="flex gap-3">
        <div className="shrink-0">
          {author ? (
            <Link to={to(`/u/${author.username}`)} aria-label={t("profileOf", { username: author.username })}>
              <MiniAvatar url={author.avatarUrl} username={author.username} size={40} />
            </Link>
          ) : (
            <MiniAvatar username="?" size={40} />
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-3">
          <header className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            {author ? (
              <Link className="font-bold hover:underline" to={to(`/u/${author.username}`)}>
                {author.username}
              </Link>
            ) : (
              <span className="font-bold">{t("deletedUser")}</span>
            )}
            <Link
              className="text-muted-foreground hover:underline"
              to={links.self}
              aria-label={t("thread.postLink", { number: post.number })}
            >
              <RelativeTime date={post.createdAt} locale={locale} />
            </Link>
            {post.editedAt && !concealed ? (
              <span className="text-muted-foreground">
                ({t("thread.edited")} <RelativeTime date={post.editedAt} locale={locale} />)
              </span>
            ) : null}
            {post.accepted ? (
              <span className="inline-flex items-center gap-1 font-semibold text-positive">
                <CheckCircle2 aria-hidden="true" size={14} />
                {t("thread.acceptedAnswer")}
              </span>
            ) : null}
            {post.hidden && !concealed ? <span className="font-semibold text-danger">{t("thread.hiddenForOthers")}</span> : null}
            <span className="ml-auto text-xs text-muted-foreground">#{post.number}</span>
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
            <div className="post-body break-words" dangerouslySetInnerHTML={{ __html: post.bodyHtml! }} />
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

          {actionsShown ? (
            <ul className="flex flex-wrap items-center gap-2 text-sm" aria-label={t("thread.postActions", { number: post.number })}>
              <LikeControl post={post} loginHref={links.login} failure={failureOf(result, ["like", "unlike"], post.id)} />
              {post.can.accept ? (
                <AcceptControl post={post} threadId={view.thread.id} failure={failureOf(result, ["accept", "unaccept"], post.id)} />
              ) : null}
              {view.can.reply ? <PostAction to={links.quote} icon={Quote} label={t("thread.quote")} /> : null}
              {post.revisionCount > 0 && !history ? (
                <PostAction to={links.history} icon={History} label={t("thread.showHistory", { count: post.revisionCount })} />
              ) : null}
              {post.can.edit ? <PostAction to={links.edit} icon={Pencil} label={t("thread.edit")} /> : null}
              {post.can.delete && !deleting ? <PostAction to={links.delete} icon={Trash2} label={t("thread.delete")} /> : null}
              {post.can.report ? (
                <ReportControl post={post} failure={failureOf(result, ["report"], post.id)} sent={reported} />
              ) : links.login ? (
                <PostAction to={links.login} icon={Flag} label={t("interact.report")} />
              ) : null}
              {post.can.hide && !moderation ? (
                post.hidden ? (
                  <PostAction to={links.publish} icon={Send} label={t("moderation.publishPost")} />
                ) : (
                  <PostAction to={links.hide} icon={EyeOff} label={t("moderation.hidePost")} />
                )
              ) : null}
              {view.can.moderate && links.ban && post.author && post.author.id !== viewerId ? <BanAuthorLink href={links.ban} /> : null}
            </ul>
          ) : null}

          {post.number === 1 && view.thread.acceptedAnswer && links.answer ? (
            <AcceptedAnswerCard answer={view.thread.acceptedAnswer} href={links.answer} />
          ) : null}
        </div>
      </div>
    </li>
  );
}

/** One action under a post (quote, history, edit, delete): a link, so it works before JavaScript. */
function PostAction({ to, icon: Icon, label }: { to: string; icon: typeof Quote; label: string }) {
  return (
    <li>
      <Link className="btn btn-ghost min-h-0 px-2 py-1 text-sm" to={to}>
        <Icon aria-hidden="true" size={14} />
        {label}
      </Link>
    </li>
  );
}

/** SPEC §8: a thread that could not be loaded says so; an unknown one is the 404 page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation("forum");
  if (isRouteErrorResponse(error) && error.status === 404) return <ErrorView error={error} />;
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
