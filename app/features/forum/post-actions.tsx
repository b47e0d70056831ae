import { Icon } from "#app/components/ui/icon";
import { useEffect } from "react";
import { Form, Link, useFetcher, useFormAction } from "react-router";
import { RelativeLink } from "#app/components/ui/relative-link";
import { toast } from "#app/components/ui/toast";
import { FormAlert, SubmitButton, TextAreaField } from "#app/components/ui/form-field";
import { useDisclosureMenu } from "#app/components/ui/use-disclosure-menu";
import type { FormFailure } from "#app/lib/form";
import { MODERATION_NOTE_MAX, REPORT_REASON_MAX, REPORT_REASON_MIN } from "#shared/forum-limits";
import type { AcceptedAnswer } from "#server/modules/forum/get-thread";
import type { PagePost } from "./page-post";
import { useForumT } from "./forum-t";
import { failureOf, JsFlag, PendingButton, useHydrated, type InteractionResult } from "./fetcher-kit";

/**
 * A post's action: an icon button, 44 px square on phones (where its name is read, not shown) and a compact
 * button with its word from the small breakpoint on. Its name is its text either way (WCAG 2.5.3). The word is the
 * control's last child, a bare <span> (`.post-action > span:last-child` in app.css).
 */
export const ACTION_BUTTON = "btn btn-ghost post-action";
const smallButton = ACTION_BUTTON;

/** The refusal under a control, translated and announced. */
function InlineError({ failure }: { failure: FormFailure | undefined }) {
  const t = useForumT();
  if (!failure?.formError) return null;
  return (
    <p role="alert" className="basis-full text-sm font-medium text-danger">
      {t(failure.formError, failure.formErrorValues)}
    </p>
  );
}

/** The one form of a thread page that every like button submits without JavaScript (one form, not twenty). */
export const LIKE_FORM_ID = "like-form";

/**
 * That form: empty, because its buttons say what they do (`like=<post id>` or `unlike=<post id>`, which the
 * thread's action reads as the intent and the post). Its address is the page's, so the answer comes back here.
 */
export function LikeForm() {
  return <form id={LIKE_FORM_ID} method="post" action={useFormAction()} hidden />;
}

/**
 * Like / unlike (a toggle button: aria-pressed says whether I like the post) with the count. Members see the
 * button on others' posts; the author and visitors see the count. Without JavaScript the button submits the
 * page's LikeForm; once the page runs, a fetcher sends it and the new state shows at once.
 */
export function LikeControl({ post, failure }: { post: PagePost; failure?: FormFailure }) {
  const t = useForumT();
  const fetcher = useFetcher<InteractionResult>();
  const sending = fetcher.formData?.get("intent");
  // Optimistic: from the press until the answer and the page's fresh data arrive, the new state shows at once.
  const liked = sending === "like" ? true : sending === "unlike" ? false : post.likedByViewer;
  const count = Math.max(0, post.likeCount + (liked === post.likedByViewer ? 0 : liked ? 1 : -1));
  // Refused (the post was hidden meanwhile, a ban…): the state above falls back by itself; a toast says why.
  const refused = failureOf(fetcher.data, ["like", "unlike"], post.id);
  useEffect(() => {
    if (refused?.formError)
      toast({ variant: "destructive", title: t("interact.likeRefused"), description: t(refused.formError, refused.formErrorValues) });
  }, [refused, t]);
  const error = failure;
  const countId = `likes-${post.number}`;
  const countText = (
    <span id={countId} className="like-count">
      <span aria-hidden="true">{count > 0 ? count : ""}</span>
      <span className="sr-only">{t("interact.likes", { count })}</span>
    </span>
  );

  // Visitors, the author and the banned see the count (a visitor's one way to sign in is the thread's, below).
  if (!post.can.like) {
    if (count === 0 && !error) return null;
    return (
      <li>
        <Icon name="heart" size={16} className="mx-1 text-muted-foreground" />
        {countText}
        <InlineError failure={error} />
      </li>
    );
  }
  const intent = liked ? "unlike" : "like";
  return (
    <li>
      <button
        type="submit"
        form={LIKE_FORM_ID}
        name={intent}
        value={post.id}
        className={liked ? `${ACTION_BUTTON} text-primary` : ACTION_BUTTON}
        aria-pressed={liked}
        aria-describedby={countId}
        onClick={(e) => {
          e.preventDefault();
          // The new state already shows: a spinner would only say "wait". A second press waits for the answer.
          if (fetcher.state === "submitting") return;
          void fetcher.submit({ intent, postId: post.id, number: String(post.number), js: "1" }, { method: "post" });
        }}
      >
        <Icon name="heart" size={16} fill={liked ? "currentColor" : undefined} />
        <span>{t("interact.like")}</span>
      </button>
      {countText}
      <InlineError failure={error} />
    </li>
  );
}

/** Accept a reply as the answer, or take the acceptance back (the thread's author and moderators). */
export function AcceptControl({ post, threadId, failure }: { post: PagePost; threadId: string; failure?: FormFailure }) {
  const t = useForumT();
  const fetcher = useFetcher<InteractionResult>();
  const error = failureOf(fetcher.data, ["accept", "unaccept"], post.id) ?? failure;
  return (
    <li>
      <fetcher.Form method="post">
        <JsFlag />
        <input type="hidden" name="postId" value={post.id} />
        <input type="hidden" name="threadId" value={threadId} />
        <input type="hidden" name="number" value={post.number} />
        <PendingButton pending={fetcher.state !== "idle"} value={post.accepted ? "unaccept" : "accept"} className={smallButton}>
          <Icon name="circle-check" size={16} />
          <span>{post.accepted ? t("interact.unaccept") : t("interact.accept")}</span>
        </PendingButton>
      </fetcher.Form>
      <InlineError failure={error} />
    </li>
  );
}

/**
 * Report a post: a disclosure that opens a small form (it opens and sends without JavaScript too). The reason
 * is required; the answer is a thank-you, or why the report was refused ('Failed to submit report.' and,
 * when known, the cause: already reported, too short…).
 */
export function ReportControl({
  post,
  failure,
  sent,
  open,
  href,
}: {
  post: PagePost;
  failure?: FormFailure;
  sent: boolean;
  /** The address opened this post's form (`?report=`). */
  open: boolean;
  /** That address, for the page as the server sends it. */
  href: string;
}) {
  const t = useForumT();
  const fetcher = useFetcher<InteractionResult>();
  const hydrated = useHydrated();
  const ref = useDisclosureMenu(hydrated || open || !!failure);
  const done = sent || (fetcher.data?.ok === true && fetcher.state === "idle");
  const error = failureOf(fetcher.data, ["report"], post.id) ?? failure;

  // Sent: the form empties and closes, and the focus goes back to its toggle (it was inside what closed).
  useEffect(() => {
    const el = ref.current;
    if (!fetcher.data?.ok || !el?.open) return;
    el.open = false;
    el.querySelector("form")?.reset();
    el.querySelector("summary")?.focus();
  }, [fetcher.data, ref]);

  const thanks = done ? (
    <p role="status" className="text-sm font-medium text-positive">
      {t("interact.reportSent")}
    </p>
  ) : null;
  // The page as the server sends it carries no report form per post, only a link that opens this
  // post's (it works without JavaScript); once the page runs, the control is the disclosure below.
  if (!hydrated && !open && !error) {
    return (
      <li>
        <RelativeLink className={smallButton} to={href} rel="nofollow">
          <Icon name="flag" size={16} />
          <span>{t("interact.report")}</span>
        </RelativeLink>
        {thanks}
      </li>
    );
  }
  const cause =
    error?.formError && !["errors:forum.report_failed", "errors:input.invalid"].includes(error.formError) ? error.formError : null;
  return (
    <li>
      <details
        ref={ref}
        className="relative"
        open={open || !!error || undefined}
        onToggle={(e) => {
          const el = e.currentTarget as HTMLDetailsElement;
          // Opened: straight to the reason (the keyboard user need not hunt for it).
          if (el.open) el.querySelector("textarea")?.focus();
        }}
      >
        <summary className={`${smallButton} list-none [&::-webkit-details-marker]:hidden`}>
          <Icon name="flag" size={16} />
          <span>{t("interact.report")}</span>
        </summary>
        {/* Phones: a sheet along the bottom of the screen; wider screens: a panel under the button. */}
        <div className="card fixed inset-x-3 bottom-3 z-30 max-h-[80vh] overflow-y-auto p-4 shadow-lg sm:absolute sm:inset-x-auto sm:bottom-auto sm:right-0 sm:mt-2 sm:w-96">
          <fetcher.Form method="post" className="space-y-3" aria-label={t("interact.reportPanel", { number: post.number })} noValidate>
            <JsFlag />
            <input type="hidden" name="postId" value={post.id} />
            <input type="hidden" name="number" value={post.number} />
            {error ? (
              <div role="alert" className="rounded-lg border border-danger/60 bg-destructive/10 px-3 py-2 text-sm font-medium text-danger">
                <p>{t("errors:forum.report_failed")}</p>
                {cause ? <p>{t(cause, error.formErrorValues)}</p> : null}
              </div>
            ) : null}
            <TextAreaField
              label={t("interact.reportReason")}
              name="reason"
              required
              minLength={REPORT_REASON_MIN}
              maxLength={REPORT_REASON_MAX}
              rows={3}
              hint={t("interact.reportHint")}
              error={error?.fieldErrors.reason}
              defaultValue={error?.values.reason ?? ""}
            />
            <PendingButton pending={fetcher.state !== "idle"} value="report" className="btn btn-primary">
              {t("interact.reportSubmit")}
            </PendingButton>
          </fetcher.Form>
        </div>
      </details>
      {thanks}
    </li>
  );
}

/**
 * A moderator hides a reply (after this confirmation) or publishes it again, with an optional reason for the
 * audit log. A plain form: it works without JavaScript and comes back to the post.
 */
export function PostModerationConfirm({
  post,
  mode,
  failure,
  cancelHref,
}: {
  post: PagePost;
  mode: "hide" | "publish";
  failure?: FormFailure;
  cancelHref: string;
}) {
  const t = useForumT();
  const intent = mode === "hide" ? "hidePost" : "publishPost";
  return (
    <Form
      method="post"
      className={`space-y-3 rounded-lg border p-4 ${mode === "hide" ? "border-danger/60" : "border-border"}`}
      role="group"
      aria-label={t(mode === "hide" ? "moderation.hidePostConfirmLabel" : "moderation.publishPostConfirmLabel", { number: post.number })}
    >
      <input type="hidden" name="postId" value={post.id} />
      <input type="hidden" name="number" value={post.number} />
      <FormAlert message={failure?.formError} values={failure?.formErrorValues} />
      <p className="font-medium">{t(mode === "hide" ? "moderation.hidePostConfirm" : "moderation.publishPostConfirm")}</p>
      <TextAreaField
        label={t("moderation.reason")}
        name="reason"
        rows={2}
        maxLength={MODERATION_NOTE_MAX}
        hint={t("moderation.reasonHint")}
        error={failure?.fieldErrors.reason}
        defaultValue={failure?.values.reason ?? ""}
        autoFocus
      />
      <div className="flex flex-wrap gap-3">
        <SubmitButton name="intent" value={intent} className="btn btn-primary">
          {t(mode === "hide" ? "moderation.hidePostSubmit" : "moderation.publishPostSubmit")}
        </SubmitButton>
        <Link className="btn btn-outline" to={cancelHref}>
          {t("cancel")}
        </Link>
      </div>
    </Form>
  );
}

/** The accepted answer under the question, wherever it is in the thread, with a link to it. */
export function AcceptedAnswerCard({ answer, href }: { answer: AcceptedAnswer; href: string }) {
  const t = useForumT();
  return (
    <section aria-labelledby="accepted-answer-heading" className="space-y-2 rounded-lg border border-positive/70 p-4">
      <h2 id="accepted-answer-heading" className="flex items-center gap-1.5 text-base font-bold text-positive">
        <Icon name="circle-check" size={16} />
        {t("thread.acceptedAnswer")}
      </h2>
      <p className="text-sm text-muted-foreground">
        {t("interact.answeredBy", { username: answer.author?.username ?? t("deletedUser") })}
        {answer.hidden ? <span className="ml-2 font-semibold text-danger">{t("thread.hiddenForOthers")}</span> : null}
      </p>
      {/* Plain text made on the server from the sanitized post: React escapes it. */}
      <blockquote className="border-l-4 border-border pl-3 text-sm">{answer.excerpt}</blockquote>
      <Link className="link text-sm font-medium" to={href}>
        {t("interact.goToAnswer", { number: answer.number })}
      </Link>
    </section>
  );
}
