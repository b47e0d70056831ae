import { useTranslation } from "react-i18next";
import { ErrorView } from "#app/components/layout/error-view";

/** The payment pages' 404: "Payment not found." (an unknown or malformed id); anything else is the generic boundary. */
export function PaymentNotFound({ error }: { error: unknown }) {
  const { t } = useTranslation("payments");
  return (
    <ErrorView error={error} notFound={{ title: t("errors:promotions.payment_not_found"), backTo: "/", backLabel: t("result.toHome") }} />
  );
}
