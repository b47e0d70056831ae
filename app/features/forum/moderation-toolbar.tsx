import { Icon, type IconName } from "#app/components/ui/icon";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useFetcher } from "react-router";
import { FormAlert, SubmitButton, TextAreaField } from "#app/components/ui/form-field";
import { MODERATION_NOTE_MAX } from "#shared/forum-limits";
import { TOOLBAR_INTENTS } from "#shared/forum-intents";
import type { Locale } from "#shared/locales";
import type { FormFailure } from "#app/lib/form";
import type { ThreadView } from "#server/modules/forum/get-thread";
import type { PageView } from "./page-post";
import { failureOf, JsFlag, PendingButton, type InteractionResult } from "./fetcher-kit";
import { localized } from "./ui";

const DONE_MESSAGES = new Set(["pin", "unpin", "lock", "unlock", "publishThread"]);

/** Whether the person may take any of the toolbar's actions (each button follows its own ability). */
export const offersModeration = (can: ThreadView["can"]) => can.pin || can.lock || can.hide || can.move;

/**
 * A moderator's controls for the thread (a disclosure: it opens without JavaScript): pin, lock, publish, move
 * to another forum, all with one optional reason for the audit log; hiding the thread asks for a
 * confirmation first (`hideHref`). Each control shows only when the page's abilities (`view.can`, from the
 * forum policy) allow its action.
 */
export function ModerationToolbar({
  view,
  locale,
  page,
  hideHref,
  cancelHref,
  confirmingHide,
  failure,
}: {
  view: PageView;
  locale: Locale;
  page: number;
  hideHref: string;
  cancelHref: string;
  confirmingHide: boolean;
  failure?: FormFailure;
}) {
  const { t } = useTranslation("forum");
  const fetcher = useFetcher<InteractionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const moveId = useId();
  const { thread, forum } = view;
  const error = failureOf(fetcher.data, TOOLBAR_INTENTS) ?? failure;
  const done = fetcher.state === "idle" && fetcher.data?.ok && DONE_MESSAGES.has(fetcher.data.intent) ? fetcher.data.intent : null;
  const sending = fetcher.state !== "idle" ? String(fetcher.formData?.get("intent") ?? "") : null;

  // Done: the reason belonged to that action, not the next one.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) formRef.current?.reset();
  }, [fetcher.state, fetcher.data]);

  const byCategory = new Map<string, ThreadView["moveTargets"]>();
  for (const f of view.moveTargets) {
    const name = localized(locale, f.categoryEs, f.categoryEn);
    byCategory.set(name, [...(byCategory.get(name) ?? []), f]);
  }
  const button = (intent: string, icon: IconName, label: string) => (
    <PendingButton pending={sending === intent} value={intent} className="btn btn-outline">
      <Icon name={icon} size={16} />
      {label}
    </PendingButton>
  );

  return (
    <details className="card" open={confirmingHide || !!error || undefined}>
      <summary className="btn btn-ghost w-full cursor-pointer justify-start list-none [&::-webkit-details-marker]:hidden">
        <Icon name="shield-check" size={16} />
        {t("moderation.toolbar")}
      </summary>
      <div className="space-y-4 border-t border-border p-4">
        {confirmingHide && view.can.hide && !thread.hidden ? (
          <Form
            method="post"
            className="space-y-3 rounded-lg border border-danger/60 p-4"
            role="group"
            aria-label={t("moderation.hideThreadConfirmLabel")}
          >
            <input type="hidden" name="threadId" value={thread.id} />
            <input type="hidden" name="page" value={page} />
            <FormAlert message={error?.formError} values={error?.formErrorValues} />
            <p className="font-medium">{t("moderation.hideThreadConfirm")}</p>
            <TextAreaField
              label={t("moderation.reason")}
              name="reason"
              rows={2}
              maxLength={MODERATION_NOTE_MAX}
              hint={t("moderation.reasonHint")}
              autoFocus
            />
            <div className="flex flex-wrap gap-3">
              <SubmitButton name="intent" value="hideThread" className="btn btn-primary">
                {t("moderation.hideThreadSubmit")}
              </SubmitButton>
              <Link className="btn btn-outline" to={cancelHref}>
                {t("cancel")}
              </Link>
            </div>
          </Form>
        ) : (
          <fetcher.Form ref={formRef} method="post" className="space-y-4" aria-label={t("moderation.toolbarLabel")}>
            <JsFlag />
            <input type="hidden" name="threadId" value={thread.id} />
            <input type="hidden" name="page" value={page} />
            <FormAlert message={error?.formError} values={error?.formErrorValues} />
            {done ? <FormAlert variant="success" message={`forum:moderation.done.${done}`} /> : null}
            <TextAreaField
              label={t("moderation.reason")}
              name="reason"
              rows={2}
              maxLength={MODERATION_NOTE_MAX}
              hint={t("moderation.reasonHint")}
              error={error?.fieldErrors.reason}
            />
            <div className="flex flex-wrap gap-2">
              {!view.can.pin
                ? null
                : thread.pinned
                  ? button("unpin", "pin-off", t("moderation.unpin"))
                  : button("pin", "pin", t("moderation.pin"))}
              {!view.can.lock
                ? null
                : thread.locked
                  ? button("unlock", "lock-open", t("moderation.unlock"))
                  : button("lock", "lock", t("moderation.lock"))}
              {!view.can.hide ? null : thread.hidden ? (
                button("publishThread", "send", t("moderation.publishThread"))
              ) : (
                <Link className="btn btn-outline" to={hideHref}>
                  <Icon name="eye-off" size={16} />
                  {t("moderation.hideThread")}
                </Link>
              )}
            </div>
            {view.can.move && view.moveTargets.length > 1 ? (
              <div className="flex flex-wrap items-end gap-2">
                <div className="min-w-56 flex-1 space-y-1.5">
                  <label htmlFor={moveId} className="block text-sm font-semibold">
                    {t("moderation.moveTo")}
                  </label>
                  <select id={moveId} name="forumSlug" className="input" defaultValue={forum.slug}>
                    {[...byCategory].map(([category, list]) => (
                      <optgroup key={category} label={category}>
                        {list.map((f) => (
                          <option key={f.slug} value={f.slug}>
                            {localized(locale, f.titleEs, f.titleEn)}
                          </option>
                        ))}
                      </optgroup>
                    ))}
                  </select>
                </div>
                {button("move", "arrow-right-left", t("moderation.move"))}
              </div>
            ) : null}
          </fetcher.Form>
        )}
      </div>
    </details>
  );
}
