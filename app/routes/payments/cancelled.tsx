import { PaymentNotFound } from "#app/features/payments/not-found";
import { PaymentResultView } from "#app/features/payments/result-view";
import { loadPaymentResult, noStore, payAgain } from "#app/features/payments/result.server";
import { seoMeta } from "#app/lib/seo";
import type { Route } from "./+types/cancelled";

export const handle = { i18n: ["payments", "promotions"] };
export const headers = noStore;

/**
 * /payment-cancelled?payment=<id> (SPEC §2): where the provider sends a payer who cancelled (or
 * whose payment failed). Nothing was charged; the submission still waits for its payment, and "Pay again"
 * opens a new checkout (knowing the payment's id is the proof). The state is read from the server.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  return loadPaymentResult(context, request, "cancelled");
}

export async function action({ context, request }: Route.ActionArgs) {
  return payAgain(context, request);
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export default function PaymentCancelled({ loaderData }: Route.ComponentProps) {
  return <PaymentResultView {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PaymentNotFound error={error} />;
}
