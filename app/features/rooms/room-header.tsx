import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { Badge, type BadgeTone } from "#app/components/ui/badge";
import { FormAlert, SubmitButton } from "#app/components/ui/form-field";
import { useLocalePath } from "#app/lib/use-locale";
import type { RoomHeader } from "#server/modules/rooms";
import type { EpisodeStatus } from "#shared/rooms";
import type { RoomActionResult } from "./action-result";
import { resultFor } from "./room-result";

const STATUS_TONE: Record<EpisodeStatus, BadgeTone> = {
  preparing: "neutral",
  ready: "info",
  recorded: "info",
  editing: "warning",
  published: "positive",
};

export const ROOM_SECTIONS = ["script", "schedule", "chat", "links", "files", "notes"] as const;

/** The room's title, status and people, the offer to link a guest's account, and the sections' anchors. */
export function RoomHeaderBlock({
  header,
  username,
  result,
}: {
  header: RoomHeader;
  username: string | null;
  result: RoomActionResult | undefined;
}) {
  const { t } = useTranslation("rooms");
  const { to, locale } = useLocalePath();
  const link = resultFor(result, ["link-account"]);
  const podcastTitle = header.podcast ? (locale === "es" ? header.podcast.titleEs : header.podcast.titleEn) : null;
  return (
    <header className="space-y-4">
      <p className="text-sm font-semibold uppercase tracking-wider text-primary">{t("eyebrow")}</p>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-black break-words">{header.title}</h1>
        <Badge tone={STATUS_TONE[header.status]}>
          <span className="sr-only">{t("status.label")}: </span>
          {t(`status.${header.status}`)}
        </Badge>
      </div>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]" aria-label={t("header.facts")}>
        <dt className="font-semibold">{t("header.host")}</dt>
        <dd className="text-muted-foreground">{header.hostName}</dd>
        <dt className="font-semibold">{t("header.guest")}</dt>
        <dd className="text-muted-foreground break-words">{header.guestName}</dd>
        {header.guestEmail ? (
          <>
            <dt className="font-semibold">{t("header.guestEmail")}</dt>
            <dd className="text-muted-foreground break-all">{header.guestEmail}</dd>
          </>
        ) : null}
        {header.podcast && podcastTitle ? (
          <>
            <dt className="font-semibold">{t("header.podcast")}</dt>
            <dd>
              {header.podcast.published ? (
                <Link
                  to={to(`/podcast/${header.podcast.slug}`)}
                  className="inline-flex min-h-6 items-center text-primary underline-offset-4 hover:underline"
                >
                  {podcastTitle}
                </Link>
              ) : (
                <span className="text-muted-foreground">{podcastTitle}</span>
              )}
            </dd>
          </>
        ) : null}
      </dl>
      <p className="text-sm text-muted-foreground">{t("header.youAre", { role: t(`roles.${header.role}`) })}</p>
      {header.published ? (
        <p role="status" className="rounded-lg border border-border bg-muted px-4 py-3 text-sm">
          {t("header.published")}
        </p>
      ) : null}
      <FormAlert message={link.failure?.formError} values={link.failure?.formErrorValues} />
      <FormAlert message={link.success?.message} variant="success" />
      {header.abilities.linkAccount && !header.accountLinked && username ? (
        <Form method="post" className="flex flex-wrap items-center gap-3 rounded-lg border border-border px-4 py-3" preventScrollReset>
          <input type="hidden" name="intent" value="link-account" />
          <p className="min-w-0 flex-1 text-sm">{t("account.offer", { username })}</p>
          <SubmitButton className="btn btn-outline btn-sm" name="intent" value="link-account">
            {t("account.submit")}
          </SubmitButton>
        </Form>
      ) : header.accountLinked && !link.success ? (
        <p className="text-sm text-muted-foreground">{t("account.linked")}</p>
      ) : null}
      <nav aria-label={t("sections.nav")}>
        <ul className="flex flex-wrap gap-2">
          {ROOM_SECTIONS.map((s) => (
            <li key={s}>
              <a href={`#${s}`} className="btn btn-outline btn-sm">
                {t(`sections.${s}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

/** SPEC §8's message when the room cannot be shown (or a guest link failed), with what to do next. */
export function RoomRefusal({ code, kind, signInHref }: { code: string; kind: "room" | "join"; signInHref?: string | null }) {
  const { t } = useTranslation("rooms");
  const { to } = useLocalePath();
  const title = kind === "join" ? t("join.failedTitle") : code === "rooms.not_found" ? t("refused.notFoundTitle") : t("refused.title");
  const next =
    kind === "join"
      ? code === "rooms.verify_failed" || code === "rooms.guest_session_failed"
        ? t("join.retry")
        : t("join.askHost")
      : code === "rooms.forbidden"
        ? signInHref
          ? t("refused.visitor")
          : t("refused.member")
        : null;
  return (
    <section className="mx-auto max-w-2xl space-y-4 py-12" aria-labelledby="room-refusal-title">
      <h1 id="room-refusal-title" className="text-3xl font-black">
        {title}
      </h1>
      <p role="alert" className="text-lg font-semibold">
        {t(`errors:${code}`)}
      </p>
      {next ? <p className="text-muted-foreground">{next}</p> : null}
      <div className="flex flex-wrap gap-3">
        {signInHref ? (
          <Link to={signInHref} className="btn btn-primary">
            {t("refused.signIn")}
          </Link>
        ) : null}
        <Link to={to("/")} className={signInHref ? "btn btn-outline" : "btn btn-primary"}>
          {kind === "join" ? t("join.home") : t("refused.home")}
        </Link>
      </div>
    </section>
  );
}
