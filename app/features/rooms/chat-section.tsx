import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { FormAlert, SubmitButton, TextAreaField } from "#app/components/ui/form-field";
import { RelativeTime } from "#app/components/ui/relative-time";
import { useLocalePath } from "#app/lib/use-locale";
import type { RoomAbilities, RoomMessage } from "#server/modules/rooms";
import { ROOM_LIMITS } from "#shared/rooms";
import type { RoomActionResult } from "./action-result";
import { useRoomLive } from "./live/room-live";
import { resultFor } from "./room-result";
import { useRoomRefresh } from "./use-room-refresh";

/**
 * The room's chat: who is in the room now (from the live channel), the history (newest page, older pages by a
 * link) and the message form. New messages arrive over the live channel and reload the list; without
 * JavaScript, sending reloads the page.
 */
export function ChatSection({
  messages,
  older,
  paged,
  abilities,
  result,
}: {
  messages: RoomMessage[];
  older: string | null;
  paged: boolean;
  abilities: RoomAbilities;
  result: RoomActionResult | undefined;
}) {
  const { t } = useTranslation("rooms");
  const { locale } = useLocalePath();
  const live = useRoomLive();
  useRoomRefresh(["chat.message"]);
  const { failure, success } = resultFor(result, ["chat"]);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (success) form.current?.reset();
  }, [success]);
  // Written as the header's connection line writes them.
  const names = live.present.map((p) => t("rooms-docs:live.person", { name: p.name, role: t(`rooms-docs:live.role.${p.role}`) }));
  const list = new Intl.ListFormat(locale, { type: "conjunction" }).format(names);
  return (
    <section id="chat" aria-labelledby="chat-title" className="space-y-4 scroll-mt-24">
      <h2 id="chat-title" className="text-2xl font-bold">
        {t("sections.chat")}
      </h2>
      <p className="text-sm text-muted-foreground">{names.length ? t("chat.present", { names: list }) : t("chat.presentNobody")}</p>
      {older ? (
        <p>
          <Link
            to={`?before=${older}#chat`}
            className="text-sm font-semibold text-primary underline-offset-4 hover:underline"
            preventScrollReset
          >
            {t("chat.older")}
          </Link>
        </p>
      ) : null}
      {messages.length === 0 ? (
        <p className="text-muted-foreground">{t("chat.empty")}</p>
      ) : (
        <ol className="row-list max-h-[32rem] overflow-y-auto" aria-label={t("chat.history")} aria-live="polite" aria-relevant="additions">
          {messages.map((m) => (
            <li key={m.id} className={`py-3 px-2 ${m.mine ? "bg-primary/5" : ""}`}>
              <p className="post-meta text-sm text-muted-foreground">
                <span className="font-semibold text-foreground">{m.mine ? t("chat.you") : m.authorName}</span>
                {" · "}
                {t(`roles.${m.authorRole}`)}
                {" · "}
                <RelativeTime date={m.createdAt} locale={locale} />
              </p>
              <p className="mt-1 whitespace-pre-wrap break-words">{m.body}</p>
            </li>
          ))}
        </ol>
      )}
      {paged ? (
        <p>
          <Link to="?#chat" className="text-sm font-semibold text-primary underline-offset-4 hover:underline" preventScrollReset>
            {t("chat.newest")}
          </Link>
        </p>
      ) : null}
      {abilities.chat ? (
        <Form method="post" ref={form} className="space-y-3" preventScrollReset>
          <input type="hidden" name="intent" value="chat" />
          <FormAlert
            message={failure?.formError && failure.formError !== "errors:input.invalid" ? failure.formError : null}
            values={failure?.formErrorValues}
          />
          <FormAlert message={success?.message} variant="success" />
          <TextAreaField
            label={t("chat.label")}
            name="body"
            rows={3}
            required
            maxLength={ROOM_LIMITS.chatMax}
            hint={t("chat.hint", { max: ROOM_LIMITS.chatMax })}
            error={failure?.fieldErrors.body}
            errorValues={{ max: ROOM_LIMITS.chatMax }}
            defaultValue={failure?.values.body ?? ""}
          />
          <SubmitButton pendingLabel={t("chat.sending")} name="intent" value="chat">
            {t("chat.send")}
          </SubmitButton>
        </Form>
      ) : (
        <p className="text-sm text-muted-foreground">{t("chat.readOnly")}</p>
      )}
    </section>
  );
}
