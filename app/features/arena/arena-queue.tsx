import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { ButtonLink } from "#app/components/ui/button";
import { FormAlert, Spinner, SubmitButton } from "#app/components/ui/form-field";
import { useLocalePath } from "#app/lib/use-locale";
import type { FormFailure } from "#app/lib/form";
import { useArenaLive } from "./use-arena-live";

export type QueueView = {
  state: "idle" | "waiting" | "matched" | "failed" | "left";
  expiresAt: string | null;
  matchId: string | null;
  /** The found match's result from this member's side, when it is among their recent matches. */
  result: { result: "win" | "loss" | "draw"; opponent: string } | null;
  hasClass: boolean;
  matchesToday: number;
  dailyCap: number;
  queueSeconds: number;
};

/**
 * The queue (SPEC §4: queue, match found, result, matchmaking failed): a real form that enters or leaves it,
 * the waiting state in a live region, and the result once found. Without JavaScript, "Check again" reloads
 * the page; with it, the live channel does.
 */
export function ArenaQueue({ queue, failure }: { queue: QueueView; failure?: FormFailure }) {
  const { t } = useTranslation("arena");
  const { to } = useLocalePath();
  const waiting = queue.state === "waiting";
  useArenaLive(waiting, queue.expiresAt);
  const capReached = queue.matchesToday >= queue.dailyCap;
  return (
    <section aria-labelledby="arena-queue" className="card space-y-4 p-4 sm:p-6">
      <h2 id="arena-queue" className="text-lg font-bold">
        {t("queue.heading")}
      </h2>
      <div role="status" aria-live="polite" className="space-y-2">
        {waiting ? (
          <>
            <p className="flex items-center gap-2 font-semibold">
              <Spinner size={16} />
              {t("queue.waiting")}
            </p>
            <p className="text-sm text-muted-foreground">{t("queue.waitingHint", { count: queue.queueSeconds })}</p>
          </>
        ) : queue.state === "matched" ? (
          <>
            <p className="font-semibold">{t("queue.matched")}</p>
            {queue.result ? <p>{t(`result.${queue.result.result}`, { opponent: queue.result.opponent })}</p> : null}
          </>
        ) : queue.state === "failed" ? (
          <p className="font-semibold text-danger">{t("queue.failed")}</p>
        ) : queue.state === "left" ? (
          <p>{t("queue.left")}</p>
        ) : (
          <p className="text-muted-foreground">{t("queue.idle")}</p>
        )}
      </div>
      <FormAlert message={failure?.formError} values={failure?.formErrorValues} />
      <div className="flex flex-wrap items-center gap-3">
        {queue.state === "matched" && queue.matchId ? (
          <ButtonLink to={to(`/arena/matches/${queue.matchId}`)} size="lg">
            {t("queue.seeMatch")}
          </ButtonLink>
        ) : null}
        {waiting ? (
          <>
            <Form method="post" replace>
              <SubmitButton className="btn btn-outline min-h-11" name="intent" value="leave" pendingLabel={t("queue.leaving")}>
                {t("queue.leave")}
              </SubmitButton>
            </Form>
            <Link to="." reloadDocument className="link text-sm">
              {t("queue.refresh")}
            </Link>
          </>
        ) : capReached ? null : (
          <Form method="post" replace>
            <SubmitButton
              className={`btn ${queue.state === "matched" ? "btn-outline" : "btn-primary"} min-h-11`}
              name="intent"
              value="join"
              pendingLabel={t("queue.joining")}
            >
              {t("queue.join")}
            </SubmitButton>
          </Form>
        )}
      </div>
      <p className="text-sm text-muted-foreground">
        {capReached ? t("queue.capReached") : t("queue.today", { count: queue.matchesToday, cap: queue.dailyCap })}
      </p>
    </section>
  );
}
