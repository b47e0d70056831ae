import { useTranslation } from "react-i18next";
import { Form, Link, redirect, useActionData } from "react-router";
import { Badge } from "#app/components/ui/badge";
import { FormAlert, SubmitButton } from "#app/components/ui/form-field";
import { PaymentNotFound } from "#app/features/payments/not-found";
import { formatMoney } from "#app/features/payments/format";
import { noStore, paymentNotFound } from "#app/features/payments/result.server";
import { actionFailure } from "#app/lib/form.server";
import { isNotFound } from "#app/lib/page-error.server";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/sandbox-checkout";

export const handle = { i18n: ["payments", "promotions"] };
export const headers = noStore;

const CHOICES = ["pay", "fail", "cancel"] as const;

/**
 * /checkout/sandbox/{paymentId}: the local sandbox provider's own checkout page, outside the site's
 * layout as Stripe's is, and plainly a test. The payer chooses the outcome; the page's action sends the signed
 * webhook Stripe would and then goes back to the site's result page. A finished, expired or unknown payment
 * offers nothing.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const view = await context.services.promotions.sandboxCheckout(params.paymentId).catch(paymentNotFound);
  const { t, seo, locale } = pageTools(context, request, "payments");
  return {
    view: {
      paymentId: view.paymentId,
      state: view.state,
      status: view.status,
      amount: formatMoney(view.amountMinor, view.currency, locale),
      currency: view.currency.toUpperCase(),
      description: t("checkout.description", {
        game: view.gameName,
        feature: t(`promotions:labels.featureType.${view.featureType}`),
        count: view.durationDays,
      }),
    },
    site: context.services.env.siteName,
    seo: seo({ title: t("sandbox.title"), description: t("sandbox.intro"), noindex: true, nofollow: true }),
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const form = await request.formData();
  const choice = String(form.get("intent") ?? "");
  if (!(CHOICES as readonly string[]).includes(choice)) throw new Response("Bad Request", { status: 400 });
  try {
    const done = await context.services.promotions.completeSandboxCheckout({
      paymentId: params.paymentId,
      choice: choice as (typeof CHOICES)[number],
    });
    return redirect(`/${context.locale}/${done.page}?payment=${encodeURIComponent(done.paymentId)}`);
  } catch (err) {
    if (isNotFound(err)) paymentNotFound(err);
    return actionFailure(err, null);
  }
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export default function SandboxCheckout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("payments");
  const { to } = useLocalePath();
  const { view, site } = loaderData;
  const failure = useActionData() as { formError?: string; formErrorValues?: Record<string, unknown> } | undefined;
  return (
    <main id="main" className="min-h-dvh bg-muted px-4 py-10">
      <div className="card mx-auto max-w-md space-y-6 p-6 sm:p-8">
        <header className="space-y-2">
          <p className="flex flex-wrap items-center justify-between gap-2 text-sm font-semibold text-muted-foreground">
            <span>{site}</span>
            <Badge tone="warning">{t("sandbox.badge")}</Badge>
          </p>
          <h1 className="text-3xl font-black">{t("sandbox.title")}</h1>
          <p className="text-muted-foreground">{t("sandbox.intro")}</p>
        </header>
        <dl className="space-y-3 border-y border-border py-4">
          <div>
            <dt className="text-sm text-muted-foreground">{t("sandbox.for")}</dt>
            <dd className="font-semibold break-words">{view.description}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted-foreground">{t("sandbox.amount")}</dt>
            <dd className="text-3xl font-black tabular-nums">
              {view.amount} <span className="text-base font-semibold text-muted-foreground">{view.currency}</span>
            </dd>
          </div>
        </dl>
        <FormAlert message={failure?.formError} values={failure?.formErrorValues} />
        {view.state === "open" ? (
          <Form method="post" className="grid gap-3" aria-label={t("sandbox.choicesLabel")}>
            <SubmitButton className="btn btn-primary btn-lg w-full" name="intent" value="pay">
              {t("sandbox.pay", { amount: view.amount })}
            </SubmitButton>
            <SubmitButton className="btn btn-outline w-full" name="intent" value="fail">
              {t("sandbox.fail")}
            </SubmitButton>
            <SubmitButton className="btn btn-ghost w-full" name="intent" value="cancel">
              {t("sandbox.cancel")}
            </SubmitButton>
          </Form>
        ) : (
          <>
            <FormAlert
              variant="info"
              message={view.state === "expired" ? "payments:sandbox.expired" : "payments:sandbox.finished"}
              values={{ status: t(`promotions:labels.paymentStatus.${view.status}`) }}
            />
            {/* Back to the payment's own result page (where a cancelled or failed one can be paid again). */}
            <Link
              className="btn btn-outline w-full"
              to={to(
                view.state === "finished"
                  ? `/${view.status === "success" || view.status === "processing" ? "payment-success" : "payment-cancelled"}?payment=${view.paymentId}`
                  : `/payment-cancelled?payment=${view.paymentId}`,
              )}
            >
              {t("sandbox.back")}
            </Link>
          </>
        )}
      </div>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="main" className="mx-auto max-w-3xl px-4">
      <PaymentNotFound error={error} />
    </main>
  );
}
