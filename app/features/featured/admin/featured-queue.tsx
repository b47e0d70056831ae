import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { DataTable } from "#app/components/ui/table";
import { Badge } from "#app/components/ui/badge";
import { EmptyState } from "#app/components/ui/empty-state";
import { Pagination } from "#app/components/ui/pagination";
import { useDateFormat } from "#app/lib/use-date-format";
import { SUBMISSION_STATUSES } from "#shared/promotions";
import { formatMoney } from "#app/features/payments/format";
import { ViewTabs } from "#app/components/ui/view-tabs";
import { statusTabs } from "#app/features/featured/admin/featured-tabs";

export type Payment = { provider: string; status: string; amountMinor: number; currency: string; refundStatus: string | null } | null;
type Row = {
  id: string;
  gameName: string;
  studioName: string;
  featureType: string;
  status: string;
  promoCode: string | null;
  amountMinor: number;
  currency: string;
  createdAt: string | Date;
  payment: Payment;
};
export type Can = { check: boolean; approve: boolean; reject: boolean; delete: boolean };

export const STATUS_TONE: Record<string, "neutral" | "positive" | "warning" | "info" | "danger"> = {
  pending_payment: "neutral",
  pending_review: "warning",
  pending_approval: "info",
  approved: "positive",
  rejected: "danger",
};

export function PaymentCell({ payment, amountMinor, currency }: { payment: Payment; amountMinor: number; currency: string }) {
  const { t } = useTranslation("admin-featured");
  const { locale } = useDateFormat();
  if (!payment) return <span className="text-muted-foreground">{amountMinor === 0 ? t("queue.free") : t("queue.noPayment")}</span>;
  return (
    <span className="block text-sm">
      {formatMoney(payment.amountMinor, payment.currency || currency, locale)} · {t(`promotions:labels.paymentStatus.${payment.status}`)}
      {payment.refundStatus ? (
        <span className="block text-muted-foreground">{t(`promotions:labels.refundStatus.${payment.refundStatus}`)}</span>
      ) : null}
      <span className="block text-xs text-muted-foreground">{payment.provider}</span>
    </span>
  );
}

/** The review queue: what waits for the team first, by status, each row opening its submission (`?submission=id`). */
export function SubmissionQueue({
  list,
}: {
  list: { rows: Row[]; total: number; page: number; pageCount: number; status: string | null };
}) {
  const { t } = useTranslation("admin-featured");
  const { date } = useDateFormat();
  const location = useLocation();
  const open = (id: string) => `${location.pathname}?tab=queue${list.status ? `&status=${list.status}` : ""}&submission=${id}`;
  return (
    <>
      <ViewTabs
        label={t("queue.filterLabel")}
        tabs={statusTabs("queue", list.status, SUBMISSION_STATUSES, (s) => t(`promotions:labels.submissionStatus.${s}`), t("queue.all"))}
      />
      {list.rows.length === 0 ? (
        <EmptyState>{t("queue.empty")}</EmptyState>
      ) : (
        <DataTable caption={t("queue.caption", { count: list.total })}>
          <thead>
            <tr>
              <th scope="col">{t("queue.columns.game")}</th>
              <th scope="col">{t("queue.columns.feature")}</th>
              <th scope="col">{t("queue.columns.status")}</th>
              <th scope="col">{t("queue.columns.payment")}</th>
              <th scope="col">{t("queue.columns.promo")}</th>
              <th scope="col">{t("queue.columns.date")}</th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((r) => (
              <tr key={r.id}>
                <td>
                  <Link className="link inline-block py-1 font-semibold" to={open(r.id)} aria-label={`${t("queue.open")}: ${r.gameName}`}>
                    {r.gameName}
                  </Link>
                  <span className="block text-sm text-muted-foreground">{r.studioName}</span>
                </td>
                <td className="text-sm">{t(`promotions:labels.featureType.${r.featureType}`)}</td>
                <td>
                  <Badge tone={STATUS_TONE[r.status]}>{t(`promotions:labels.submissionStatus.${r.status}`)}</Badge>
                </td>
                <td>
                  <PaymentCell payment={r.payment} amountMinor={r.amountMinor} currency={r.currency} />
                </td>
                <td className="text-sm">{r.promoCode ?? "—"}</td>
                <td className="whitespace-nowrap text-sm">{date(r.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      <Pagination className="mt-4" page={list.page} pageCount={list.pageCount} total={list.total} />
    </>
  );
}
