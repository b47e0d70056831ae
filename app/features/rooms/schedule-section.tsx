import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useActionData, useFetcher, useRevalidator } from "react-router";
import { Badge, type BadgeTone } from "#app/components/ui/badge";
import { buttonClass } from "#app/components/ui/button";
import { DateInput } from "#app/components/ui/date-input";
import { Field, FieldRow, FormAlert, SelectField, SubmitButton } from "#app/components/ui/form-field";
import { Icon } from "#app/components/ui/icon";
import { RelativeLink } from "#app/components/ui/relative-link";
import { formatDate } from "#app/i18n/format";
import type { RoomAbilities, SlotView } from "#server/modules/rooms";
import type { Locale } from "#shared/locales";
import { dayInZone } from "#shared/room-time";
import { ROOM_LIMITS, type SlotStatus } from "#shared/rooms";
import type { RoomActionResult } from "./action-result";
import { useRoomLive } from "./live/room-live";
import type { ScheduleData } from "./schedule.server";

const DURATIONS = [15, 30, 45, 60, 90, 120, 180, 240].filter((m) => m >= ROOM_LIMITS.slotMinutesMin && m <= ROOM_LIMITS.slotMinutesMax);
const TONES: Record<SlotStatus, BadgeTone> = { proposed: "warning", accepted: "info", confirmed: "positive", rejected: "neutral" };
const SCHEDULE_INTENTS = ["slot-propose", "slot-accept", "slot-reject", "slot-confirm", "time-zone"];

// Option objects are module constants, so the shared formatter cache finds them (app/i18n/format.ts).
const TIME = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } as const;
const LONG_DAY = { weekday: "long", day: "numeric", month: "long", year: "numeric" } as const;
const SHORT_DAY = { weekday: "short", day: "numeric" } as const;
const MONTH_DAY = { day: "numeric", month: "long", year: "numeric" } as const;

const at = (iso: string) => new Date(iso);
const time = (iso: string, zone: string, locale: Locale) => formatDate(at(iso), locale, { ...TIME, timeZone: zone });
/** A calendar day (`YYYY-MM-DD`) written in words: read at noon UTC, so no zone moves it. */
const dayWords = (day: string, locale: Locale, opts: Intl.DateTimeFormatOptions) => formatDate(`${day}T12:00:00Z`, locale, opts);

/**
 * The schedule (SPEC §4 schedule slot): a week calendar in the viewer's time zone (Monday first in Spanish,
 * Sunday in English), each slot with the other person's time beside it, its state in words, and the answers
 * the viewer may give; below it every open slot as a list (all a phone shows), the form to propose a time and
 * the viewer's time zone. Works without JavaScript; once running, the room's live channel refreshes it.
 */
export function ScheduleSection({ data, abilities }: { data: ScheduleData; abilities: RoomAbilities; roomId: string }) {
  const { t } = useTranslation("rooms-schedule");
  const { locale, week } = data;
  const zone = data.viewerTimeZone;
  const live = useRoomLive();
  const revalidator = useRevalidator();
  const [announce, setAnnounce] = useState("");
  useEffect(
    () =>
      live.on("slot.changed", () => {
        void revalidator.revalidate();
        setAnnounce(t("live.changed"));
      }),
    [live, revalidator, t],
  );

  const answer = useActionData() as RoomActionResult | undefined;
  const result = answer && answer.intent && SCHEDULE_INTENTS.includes(answer.intent) ? answer : undefined;
  const failed = result && !result.ok ? result : undefined;

  const confirmed = data.slots.find((s) => s.status === "confirmed");
  const open = data.slots.filter((s) => s.status === "proposed" || s.status === "accepted");
  const byDay = new Map<string, SlotView[]>();
  for (const s of data.slots) {
    const day = dayInZone(at(s.startsAt), zone);
    byDay.set(day, [...(byDay.get(day) ?? []), s]);
  }
  const row = { data, abilities, locale, confirmed: !!confirmed };

  return (
    <section aria-labelledby="schedule-heading" id="schedule" className="space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="schedule-heading" className="text-2xl font-bold">
          {t("title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("zoneLine", { zone })}</p>
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {announce}
      </p>
      {result?.ok ? <FormAlert variant="success" message={result.message} values={result.messageValues} /> : null}
      {failed?.formError && failed.formError !== "errors:input.invalid" ? (
        <FormAlert message={failed.formError} values={failed.formErrorValues} />
      ) : null}

      {confirmed ? (
        <p className="rounded-card border border-positive/50 p-4">
          <Icon name="calendar-clock" size={18} className="me-2 inline text-positive" />
          <strong>{t("confirmedLine", { when: dayWords(dayInZone(at(confirmed.startsAt), zone), locale, LONG_DAY) })}</strong>{" "}
          <SlotTimes slot={confirmed} data={data} locale={locale} />
        </p>
      ) : null}

      <div className="space-y-3">
        <nav aria-label={t("week.nav")} className="flex flex-wrap items-center justify-between gap-2">
          <RelativeLink to={`?week=${week.prev}#schedule`} className={buttonClass("outline", "sm")}>
            <Icon name="arrow-left" size={16} />
            {t("week.prev")}
          </RelativeLink>
          <h3 className="font-semibold">
            {t("week.range", { from: dayWords(week.days[0], locale, MONTH_DAY), to: dayWords(week.days[6], locale, MONTH_DAY) })}
          </h3>
          <RelativeLink to={`?week=${week.next}#schedule`} className={buttonClass("outline", "sm")}>
            {t("week.next")}
            <Icon name="arrow-right" size={16} />
          </RelativeLink>
        </nav>
        {/* The calendar from sm; a phone reads the list below, which holds the same open slots. */}
        <ol className="hidden gap-2 sm:grid sm:grid-cols-7" aria-label={t("week.calendar")}>
          {week.days.map((day) => (
            <li
              key={day}
              className={`min-h-28 rounded-control border p-2 ${day === week.today ? "border-primary" : "border-border"}`}
              aria-current={day === week.today ? "date" : undefined}
            >
              <p className="text-xs font-semibold text-muted-foreground uppercase">{dayWords(day, locale, SHORT_DAY)}</p>
              <ul className="mt-1 space-y-1">
                {(byDay.get(day) ?? []).map((s) => (
                  <li key={s.id} className={`text-sm ${s.status === "rejected" ? "text-muted-foreground line-through" : ""}`}>
                    <span className="font-semibold">{time(s.startsAt, zone, locale)}</span>{" "}
                    <span className="sr-only">{t(`status.${s.status}`)}</span>
                    <Badge tone={TONES[s.status]} className="mt-0.5">
                      <span aria-hidden="true">{t(`status.${s.status}`)}</span>
                    </Badge>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </div>

      <section aria-labelledby="open-slots-heading" className="space-y-2">
        <h3 id="open-slots-heading" className="text-lg font-bold">
          {t("open.title")}
        </h3>
        {open.length ? (
          <ul className="row-list">
            {open.map((s) => (
              <SlotRow key={s.id} slot={s} {...row} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t("open.none")}</p>
        )}
      </section>

      {abilities.propose ? <ProposeForm data={data} failed={failed?.intent === "slot-propose" ? failed : undefined} /> : null}
      <TimeZoneForm data={data} failed={failed?.intent === "time-zone" ? failed : undefined} />
    </section>
  );
}

/** "18:00 your time · 11:00 for Ana (America/Mexico_City)". */
function SlotTimes({ slot, data, locale }: { slot: SlotView; data: ScheduleData; locale: Locale }) {
  const { t } = useTranslation("rooms-schedule");
  const other = data.otherTimeZone;
  const end = new Date(at(slot.startsAt).getTime() + slot.minutes * 60_000).toISOString();
  return (
    <span className="text-sm">
      {t("times.yours", { from: time(slot.startsAt, data.viewerTimeZone, locale), to: time(end, data.viewerTimeZone, locale) })}
      {other && other !== data.viewerTimeZone ? (
        <span className="text-muted-foreground">
          {" · "}
          {t("times.theirs", {
            time: time(slot.startsAt, other, locale),
            name: data.otherName ?? t("times.someone"),
            zone: other,
          })}
        </span>
      ) : null}
    </span>
  );
}

function SlotRow({
  slot,
  data,
  abilities,
  locale,
  confirmed,
}: {
  slot: SlotView;
  data: ScheduleData;
  abilities: RoomAbilities;
  locale: Locale;
  confirmed: boolean;
}) {
  const { t } = useTranslation("rooms-schedule");
  const mine = slot.proposedBySide === data.side;
  const canAnswer = abilities.answer && slot.status === "proposed" && !mine;
  const canConfirm = abilities.confirmSlot && slot.status === "accepted" && !confirmed;
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-semibold">
          {dayWords(dayInZone(at(slot.startsAt), data.viewerTimeZone), locale, LONG_DAY)}{" "}
          <Badge tone={TONES[slot.status]}>{t(`status.${slot.status}`)}</Badge>
        </p>
        <p>
          <SlotTimes slot={slot} data={data} locale={locale} />
        </p>
        <p className="text-sm text-muted-foreground">
          {t("minutes", { count: slot.minutes })} ·{" "}
          {mine ? t("proposedBy.you") : t("proposedBy.other", { name: data.otherName ?? t("times.someone") })}
        </p>
      </div>
      {canAnswer || canConfirm ? (
        <Form method="post" preventScrollReset className="flex flex-wrap gap-2">
          <input type="hidden" name="slotId" value={slot.id} />
          {canAnswer ? (
            <>
              <SubmitButton name="intent" value="slot-accept" className={buttonClass("primary", "sm")}>
                {t("actions.accept")}
              </SubmitButton>
              <SubmitButton name="intent" value="slot-reject" className={buttonClass("outline", "sm")}>
                {t("actions.reject")}
              </SubmitButton>
            </>
          ) : null}
          {canConfirm ? (
            <SubmitButton name="intent" value="slot-confirm" className={buttonClass("primary", "sm")}>
              {t("actions.confirm")}
            </SubmitButton>
          ) : null}
        </Form>
      ) : null}
    </li>
  );
}

type Failure = Extract<RoomActionResult, { ok: false }>;

function ProposeForm({ data, failed }: { data: ScheduleData; failed?: Failure }) {
  const { t } = useTranslation("rooms-schedule");
  const values = failed?.values ?? {};
  const errors = failed?.fieldErrors ?? {};
  return (
    <Form method="post" preventScrollReset className="space-y-4 rounded-card border border-border p-4" aria-labelledby="propose-heading">
      <h3 id="propose-heading" className="text-lg font-bold">
        {t("propose.title")}
      </h3>
      <p className="text-sm text-muted-foreground">{t("propose.hint", { zone: data.viewerTimeZone })}</p>
      <input type="hidden" name="timeZone" value={data.viewerTimeZone} />
      <FieldRow>
        <DateInput
          name="date"
          label={t("propose.date")}
          values={values}
          error={errors.date ?? errors.startsAt}
          min={data.week.today}
          required
        />
        <Field
          name="time"
          type="time"
          label={t("propose.time")}
          defaultValue={values.time ?? ""}
          error={errors.time ?? errors.timeZone}
          required
        />
      </FieldRow>
      <SelectField name="minutes" label={t("propose.minutes")} defaultValue={values.minutes ?? "60"} error={errors.minutes}>
        {DURATIONS.map((m) => (
          <option key={m} value={m}>
            {t("minutes", { count: m })}
          </option>
        ))}
      </SelectField>
      <SubmitButton name="intent" value="slot-propose">
        {t("propose.submit")}
      </SubmitButton>
    </Form>
  );
}

/**
 * The viewer's time zone: the one stored for their side (the host's for a guest who has none yet). Once the page
 * runs, the browser's own zone is offered when it differs, and a guest without one gets it stored at once.
 */
function TimeZoneForm({ data, failed }: { data: ScheduleData; failed?: Failure }) {
  const { t } = useTranslation("rooms-schedule");
  const fetcher = useFetcher();
  const [detected, setDetected] = useState<string | null>(null);
  const stored = data.side === "guest" ? data.guestTimeZone : data.hostTimeZone;
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone || !data.timeZones.includes(zone)) return;
    setDetected(zone);
    if (!stored && zone !== data.viewerTimeZone) void fetcher.submit({ intent: "time-zone", timeZone: zone }, { method: "post" });
    // Once per page: the fetcher's own state changes must not submit again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stored]);
  return (
    <details className="space-y-3" open={!!failed}>
      <summary className="cursor-pointer py-0.5 text-sm font-semibold text-primary">
        {t("zone.change", { zone: data.viewerTimeZone })}
      </summary>
      {detected && detected !== data.viewerTimeZone ? (
        <fetcher.Form method="post" className="flex flex-wrap items-center gap-2 text-sm">
          <input type="hidden" name="timeZone" value={detected} />
          <span>{t("zone.detected", { zone: detected })}</span>
          <button type="submit" name="intent" value="time-zone" className={buttonClass("outline", "sm")}>
            {t("zone.useDetected")}
          </button>
        </fetcher.Form>
      ) : null}
      <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-2">
        <SelectField
          name="timeZone"
          label={t("zone.label")}
          defaultValue={failed?.values.timeZone ?? data.viewerTimeZone}
          error={failed?.fieldErrors.timeZone}
        >
          {data.timeZones.map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </SelectField>
        <SubmitButton name="intent" value="time-zone" className={buttonClass("outline")}>
          {t("zone.submit")}
        </SubmitButton>
      </Form>
    </details>
  );
}
