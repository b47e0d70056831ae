import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { DateInput } from "#app/components/ui/date-input";
import { Field, SelectField, SubmitButton, TextAreaField, FieldRow } from "#app/components/ui/form-field";
import { ConfirmAction } from "#app/components/ui/disclosure-form";
import { MediaSlot } from "#app/components/ui/media-slot";
import { useDateFormat } from "#app/lib/use-date-format";
import type { FormFailure } from "#app/lib/form";
import { useLocalePath } from "#app/lib/use-locale";
import {
  DETAILS_MARKDOWN_MAX,
  FEATURE_DURATION_MAX_DAYS,
  FEATURE_DURATION_MIN_DAYS,
  FEATURE_TYPES,
  PLATFORMS,
  REJECTION_REASON_MAX,
  type FeaturedOffer,
} from "#shared/promotions";
import { PaymentCell, type Can, type Payment } from "./featured-queue";
import { formatMoney } from "#app/features/payments/format";

/** One submission of the review queue (`?submission=<id>`): what the studio sent, and the team's decisions on it. */
type Detail = {
  submission: {
    id: string;
    gameName: string;
    studioName: string;
    contactName: string;
    contactEmail: string;
    shortDescription: string;
    storeUrl: string;
    youtubeUrl: string;
    imageUrl: string;
    screenshots: string[];
    releaseStatus: string;
    featureType: string;
    status: string;
    promoCode: string | null;
    priceMinor: number;
    discountMinor: number;
    amountMinor: number;
    currency: string;
    durationDays: number;
    reviewNote: string | null;
    rejectionReason: string | null;
  };
  payment: Payment;
  featuredGame: { id: string; slug: string; scheduleStatus: string } | null;
  held: boolean;
};
type Availability = {
  slots: number;
  durationDays: number;
  nextFree: string | Date;
  taken: { id: string; gameName: string; startsAt: string | Date; endsAt: string | Date }[];
} | null;

/** One submission: everything the studio sent, its payment, and the decisions the viewer may take. */
export function SubmissionDetail({
  detail,
  availability,
  offer,
  can,
  today,
  failure,
  closeHref,
}: {
  detail: Detail;
  availability: Availability;
  offer: FeaturedOffer | null;
  can: Can;
  today: string;
  failure?: FormFailure;
  closeHref: string;
}) {
  const { t } = useTranslation("admin-featured");
  const { to } = useLocalePath();
  const { date, locale } = useDateFormat();
  const s = detail.submission;
  const open = s.status === "pending_review" || s.status === "pending_approval";
  const failed = failure && failure.values.submissionId === s.id ? failure : undefined;
  const v = (name: string, fallback = "") => failed?.values[name] ?? fallback;
  const err = (name: string) => failed?.fieldErrors[name];
  const facts: [string, React.ReactNode][] = [
    [t("detail.contact"), `${s.contactName} <${s.contactEmail}>`],
    [t("detail.studio"), s.studioName],
    [t("detail.description"), s.shortDescription],
    [
      t("detail.store"),
      <a key="s" className="link break-all" href={s.storeUrl} rel="noopener noreferrer" target="_blank">
        {s.storeUrl}
      </a>,
    ],
    [
      t("detail.video"),
      <a key="v" className="link break-all" href={s.youtubeUrl} rel="noopener noreferrer" target="_blank">
        {s.youtubeUrl}
      </a>,
    ],
    [t("detail.release"), t(`promotions:labels.releaseStatus.${s.releaseStatus}`)],
    [t("detail.feature"), `${t(`promotions:labels.featureType.${s.featureType}`)} · ${t("promotions:days", { count: s.durationDays })}`],
    [t("detail.price"), formatMoney(s.priceMinor, s.currency, locale)],
    ...(s.discountMinor
      ? ([[t("detail.discount"), `${formatMoney(s.discountMinor, s.currency, locale)} (${s.promoCode ?? "—"})`]] as [string, string][])
      : []),
    [
      t("detail.payment"),
      detail.payment ? (
        <PaymentCell key="p" payment={detail.payment} amountMinor={s.amountMinor} currency={s.currency} />
      ) : s.amountMinor === 0 ? (
        t("queue.free")
      ) : (
        t("queue.noPayment")
      ),
    ],
    ...(s.reviewNote ? ([[t("detail.note"), s.reviewNote]] as [string, string][]) : []),
    ...(s.rejectionReason ? ([[t("detail.reason"), s.rejectionReason]] as [string, string][]) : []),
  ];
  return (
    <section className="card mb-6 space-y-5 p-4" aria-labelledby="submission-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="submission-title" className="text-2xl font-bold [overflow-wrap:anywhere]">
          {t("detail.title", { game: s.gameName })}
        </h2>
        <Link to={closeHref} className="link inline-flex min-h-6 items-center text-sm">
          {t("detail.close")}
        </Link>
      </div>
      <div className="grid gap-4 md:grid-cols-[16rem_minmax(0,1fr)]">
        <img
          src={s.imageUrl}
          alt={t("detail.image", { game: s.gameName })}
          width={256}
          height={144}
          className="w-full rounded-card object-cover"
        />
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
          {facts.map(([k, val]) => (
            <div key={k} className="contents">
              <dt className="font-semibold">{k}</dt>
              <dd className="[overflow-wrap:anywhere]">{val}</dd>
            </div>
          ))}
          {detail.featuredGame ? (
            <div className="contents">
              <dt className="font-semibold">{t("detail.featuredAs")}</dt>
              <dd>
                {t(`promotions:labels.scheduleStatus.${detail.featuredGame.scheduleStatus}`)} ·{" "}
                <Link className="link" to={to(`/games/${detail.featuredGame.slug}`)}>
                  /games/{detail.featuredGame.slug}
                </Link>
              </dd>
            </div>
          ) : null}
        </dl>
      </div>
      {s.screenshots.length ? (
        <div className="space-y-2">
          <h3 className="font-semibold">{t("detail.screenshots", { count: s.screenshots.length })}</h3>
          <ul className="flex flex-wrap gap-3">
            {s.screenshots.map((src, i) => (
              <li key={src}>
                {/* Each opens full size, to judge it before approving. */}
                <a href={src} className="block rounded-card">
                  <MediaSlot
                    src={src}
                    alt={t("detail.screenshotAlt", { game: s.gameName, n: i + 1, total: s.screenshots.length })}
                    width={384}
                    className="w-36 rounded-card sm:w-48"
                  />
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="flex flex-wrap gap-2">
        {can.check && s.status === "pending_review" ? (
          <ConfirmAction
            tone="primary"
            label={t("check.button")}
            question={t("check.button")}
            confirmLabel={t("check.button")}
            intent="check"
            fields={{ submissionId: s.id, name: s.gameName }}
            wide
          >
            <TextAreaField
              label={t("check.noteLabel")}
              name="note"
              maxLength={REJECTION_REASON_MAX}
              rows={3}
              defaultValue={v("note")}
              error={err("note")}
            />
          </ConfirmAction>
        ) : null}
        {can.reject && open ? (
          <ConfirmAction
            label={t("reject.button")}
            question={t("reject.question", { name: s.gameName })}
            confirmLabel={t("reject.confirm")}
            intent="reject"
            fields={{ submissionId: s.id, name: s.gameName }}
            open={failed?.values.intent === "reject"}
            wide
          >
            <TextAreaField
              label={t("reject.reasonLabel")}
              name="reason"
              required
              maxLength={REJECTION_REASON_MAX}
              rows={3}
              defaultValue={v("reason")}
              error={err("reason")}
            />
          </ConfirmAction>
        ) : null}
        {can.delete ? (
          detail.held ? (
            <p className="text-sm text-muted-foreground">{t("delete.heldPayment")}</p>
          ) : (
            <ConfirmAction
              label={t("delete.button")}
              question={t("delete.question", { name: s.gameName })}
              confirmLabel={t("delete.confirm")}
              intent="delete"
              fields={{ submissionId: s.id, name: s.gameName }}
            />
          )
        ) : null}
      </div>

      {can.approve && open && offer ? (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <Form method="post" className="space-y-4" aria-labelledby="approve-heading">
            <h3 id="approve-heading" className="text-lg font-bold">
              {t("approve.heading")}
            </h3>
            <input type="hidden" name="intent" value="approve" />
            <input type="hidden" name="submissionId" value={s.id} />
            <input type="hidden" name="name" value={s.gameName} />
            <SelectField
              label={t("approve.featureType")}
              name="featureType"
              defaultValue={v("featureType", s.featureType)}
              error={err("featureType")}
            >
              {FEATURE_TYPES.map((ft) => (
                <option key={ft} value={ft}>
                  {t(`promotions:labels.featureType.${ft}`)}
                </option>
              ))}
            </SelectField>
            <FieldRow>
              <Field
                label={t("approve.duration")}
                name="durationDays"
                type="number"
                min={FEATURE_DURATION_MIN_DAYS}
                max={FEATURE_DURATION_MAX_DAYS}
                required
                defaultValue={v("durationDays", String(s.durationDays))}
                hint={t("approve.durationHint", {
                  count: offer.offers[s.featureType as keyof FeaturedOffer["offers"]]?.durationDays ?? s.durationDays,
                })}
                error={err("durationDays")}
              />
              <DateInput
                label={t("approve.startDate")}
                name="startDate"
                min={today}
                required
                defaultValue={v("startDate", today)}
                hint={t("approve.startHint")}
                error={err("startDate")}
              />
            </FieldRow>
            <Field
              label={t("approve.slug")}
              name="slug"
              maxLength={80}
              pattern="[a-z0-9]+(-[a-z0-9]+)*"
              defaultValue={v("slug")}
              hint={t("approve.slugHint")}
              error={err("slug")}
            />
            <fieldset className="space-y-2">
              <legend className="text-sm font-semibold">{t("approve.platforms")}</legend>
              <div className="flex flex-wrap gap-x-4 gap-y-2">
                {PLATFORMS.map((p) => (
                  <label key={p} className="inline-flex min-h-6 items-center gap-2 text-sm">
                    <input type="checkbox" name="platforms" value={p} />
                    {t(`featured:platforms.${p}`)}
                  </label>
                ))}
              </div>
            </fieldset>
            <TextAreaField
              label={t("approve.details")}
              name="detailsMd"
              rows={8}
              maxLength={DETAILS_MARKDOWN_MAX}
              defaultValue={v("detailsMd")}
              error={err("detailsMd")}
            />
            <SubmitButton>{t("approve.submit")}</SubmitButton>
          </Form>
          {availability ? (
            <aside className="space-y-2 text-sm" aria-labelledby="availability-heading">
              <h3 id="availability-heading" className="text-lg font-bold">
                {t("approve.availability")}
              </h3>
              <p>{t("approve.slots", { count: availability.slots })}</p>
              <p className="font-semibold">
                {t("approve.nextFree", { count: availability.durationDays, date: date(availability.nextFree) })}
              </p>
              <h4 className="font-semibold">{t("approve.taken")}</h4>
              {availability.taken.length ? (
                <ul className="row-list">
                  {availability.taken.map((p) => (
                    <li key={p.id} className="py-1">
                      <span className="block font-semibold">{p.gameName}</span>
                      <span className="text-muted-foreground">
                        {date(p.startsAt)} – {date(p.endsAt)}
                      </span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-muted-foreground">{t("approve.noneTaken")}</p>
              )}
            </aside>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
