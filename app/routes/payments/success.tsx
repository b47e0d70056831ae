import { PaymentNotFound } from "#app/features/payments/not-found";
import { PaymentResultView } from "#app/features/payments/result-view";
import { loadPaymentResult, noStore } from "#app/features/payments/result.server";
import { seoMeta } from "#app/lib/seo";
import type { Route } from "./+types/success";

export const handle = { i18n: ["payments", "promotions"] };
export const headers = noStore;

/**
 * /payment-success?payment=<id> (SPEC §2): where the provider sends the payer after paying. The
 * payment's state is read from the server: paid (thanks, what happens next, the receipt), still being
 * confirmed (the page looks again every few seconds until the webhook arrives; a link without JavaScript), or failed. `?submission=<id>`: a
 * submission a 100% promo code completed.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  return loadPaymentResult(context, request, "success");
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  return <PaymentResultView {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PaymentNotFound error={error} />;
}
