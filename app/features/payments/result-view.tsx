import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Form, useActionData, useRevalidator } from "react-router";
import { Badge, type BadgeTone } from "#app/components/ui/badge";
import { Card } from "#app/components/ui/card";
import { FormAlert, SubmitButton } from "#app/components/ui/form-field";
import { Icon } from "#app/components/ui/icon";
import { ButtonLink } from "#app/components/ui/button";
import { useLocalePath } from "#app/lib/use-locale";
import type { loadPaymentResult, ResultState } from "./result.server";

type Loaded = Awaited<ReturnType<typeof loadPaymentResult>>;

/** While a payment is being confirmed, the page asks the server again every few seconds (for two minutes). */
const POLL_MS = 3000;
const POLL_LIMIT = 40;

function usePollWhile(active: boolean) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!active) return;
    let n = 0;
    const timer = window.setInterval(() => {
      if (++n > POLL_LIMIT) window.clearInterval(timer);
      else if (document.visibilityState === "visible") void revalidate();
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [active, revalidate]);
}

const TONES: Record<ResultState, BadgeTone> = {
  paid: "positive",
  covered: "positive",
  processing: "warning",
  fail: "danger",
  cancelled: "neutral",
};

/**
 * What /payment-success and /payment-cancelled show: the outcome (thanks and what happens next, still being
 * confirmed, failed, cancelled), a summary of what was bought, and "Pay again" when the submission still
 * waits for its payment. Everything comes from the server's record of the payment.
 */
export function PaymentResultView({ state, result, canRetry }: Loaded) {
  const { t } = useTranslation("payments");
  const { to } = useLocalePath();
  const failure = useActionData() as { ok: false; formError?: string; formErrorValues?: Record<string, unknown> } | undefined;
  const feature = t(`promotions:labels.featureType.${result.featureType}`);
  const done = state === "paid" || state === "covered";
  usePollWhile(state === "processing");
  const lead =
    state === "paid"
      ? t("result.paid.lead", { amount: result.amount, game: result.gameName })
      : t(`result.${state}.lead`, { game: result.gameName });
  return (
    <div className="mx-auto max-w-2xl space-y-6 py-8">
      {/* The outcome is announced when it changes (a payment confirmed while the page waited). */}
      <header className="space-y-3" aria-live="polite">
        <Badge tone={TONES[state]}>
          {result.status
            ? t(`promotions:labels.paymentStatus.${result.status}`)
            : t(`promotions:labels.submissionStatus.${result.submissionStatus}`)}
        </Badge>
        <h1 className="text-3xl font-black text-balance">{t(`result.${state}.title`)}</h1>
        <p className="text-lg text-muted-foreground">{lead}</p>
      </header>

      <FormAlert message={failure?.formError} values={failure?.formErrorValues} />

      {state === "processing" ? (
        <p>
          <a className="btn btn-outline" href="">
            <Icon name="clock" size={16} />
            {t("result.processing.refresh")}
          </a>
        </p>
      ) : null}

      {canRetry && result.paymentId ? (
        <Form method="post" action={to(`/payment-cancelled?payment=${encodeURIComponent(result.paymentId)}`)}>
          <input type="hidden" name="payment" value={result.paymentId} />
          <SubmitButton className="btn btn-primary btn-lg" name="intent" value="pay-again">
            {state === "fail" ? t("result.tryAgain") : t("result.payAgain")}
          </SubmitButton>
        </Form>
      ) : state === "fail" || state === "cancelled" ? (
        <p className="text-muted-foreground">{t("result.closed")}</p>
      ) : null}

      {done ? (
        <section aria-labelledby="next-title" className="space-y-2">
          <h2 id="next-title" className="text-2xl font-bold">
            {t("result.next.title")}
          </h2>
          <ol className="list-decimal space-y-1 ps-6 leading-7">
            <li>{t("result.next.review")}</li>
            <li>{t("result.next.schedule", { count: result.durationDays })}</li>
            <li>{t("result.next.email", { email: result.email })}</li>
          </ol>
          {state === "paid" ? (
            <p className="text-sm text-muted-foreground">
              {t(result.receiptSent ? "result.receiptSent" : "result.receiptSoon", { email: result.email })}
            </p>
          ) : null}
        </section>
      ) : null}

      {result.refundStatus === "succeeded" || result.refundStatus === "pending" ? (
        <FormAlert
          variant="info"
          message={result.refundStatus === "succeeded" ? "payments:result.refunded" : "payments:result.refundPending"}
        />
      ) : null}

      <Card as="section" className="p-5">
        <h2 className="text-lg font-bold">{t("result.summary")}</h2>
        <dl className="mt-3 grid gap-x-6 text-sm sm:grid-cols-[auto_1fr] sm:gap-y-2 [&>dd]:mb-2 sm:[&>dd]:mb-0">
          <dt className="text-muted-foreground">{t("result.game")}</dt>
          <dd className="font-semibold break-words">{result.gameName}</dd>
          <dt className="text-muted-foreground">{t("result.placement")}</dt>
          <dd>{t("result.placementValue", { feature, count: result.durationDays })}</dd>
          <dt className="text-muted-foreground">{t("result.amount")}</dt>
          <dd className="tabular-nums">
            {result.amount}
            {result.completedAt && state === "paid" ? <span className="text-muted-foreground"> · {result.completedAt}</span> : null}
          </dd>
          <dt className="text-muted-foreground">{t("result.submissionStatus")}</dt>
          <dd>{t(`promotions:labels.submissionStatus.${result.submissionStatus}`)}</dd>
          <dt className="text-muted-foreground">{t("result.contact")}</dt>
          <dd className="break-all">{result.email}</dd>
        </dl>
      </Card>

      <p className="flex flex-wrap gap-3">
        <ButtonLink variant="outline" to={to("/featured-games")}>
          {t("result.toFeatured")}
        </ButtonLink>
        <ButtonLink variant="ghost" to={to("/")}>
          {t("result.toHome")}
        </ButtonLink>
      </p>
    </div>
  );
}
