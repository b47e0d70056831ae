import { useTranslation } from "react-i18next";
import { Badge } from "#app/components/ui/badge";
import type { ApplicationStatus } from "#shared/jobs";

const TONES = { pending: "warning", accepted: "positive", rejected: "danger" } as const;

/** An application's state, in words and tone. */
export function StatusBadge({ status }: { status: ApplicationStatus }) {
  const { t } = useTranslation("jobs");
  return <Badge tone={TONES[status]}>{t(`applicationStatus.${status}`)}</Badge>;
}
