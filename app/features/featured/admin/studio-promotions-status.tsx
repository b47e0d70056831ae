import { useTranslation } from "react-i18next";
import { Badge } from "#app/components/ui/badge";

const TONE = { queued: "info", sent: "positive", failed: "danger" } as const;

/** SPEC §3 email history status: sent ("enviado") or failed ("fallido"), and sending while the queue works. */
export function PromotionStatusBadge({ status }: { status: "queued" | "sent" | "failed" }) {
  const { t } = useTranslation("admin-studio-promotions");
  return <Badge tone={TONE[status]}>{t(`status.${status}`)}</Badge>;
}
