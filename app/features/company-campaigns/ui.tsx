import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { Badge, type BadgeTone } from "#app/components/ui/badge";
import { buttonClass } from "#app/components/ui/button";

export const NS = "company-campaigns";

/** The manage page's tabs (SPEC §2), named in its address as `?tab=`. */
export const MANAGE_TABS = ["details", "requests", "keys", "participants"] as const;
export type ManageTabName = (typeof MANAGE_TABS)[number];

/** A kept checkbox group's values (`campaignFailure` joins them with "\n"), else the stored ones. */
export function keptList(values: Record<string, string> | undefined, name: string, stored: readonly string[]): string[] {
  if (values && name in values) return values[name] ? values[name].split("\n") : [];
  return [...stored];
}

/** A group of checkboxes with its legend and error (GOV.UK's order), in a grid that wraps on a phone. */
export function CheckboxGroup({
  legend,
  name,
  options,
  checked,
  hint,
  error,
}: {
  legend: string;
  name: string;
  options: readonly { value: string; label: string }[];
  checked: readonly string[];
  hint?: ReactNode;
  error?: string;
}) {
  const { t } = useTranslation();
  const id = `${useId()}-${name}`;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset className={`min-w-0 space-y-1.5 ${error ? "field-error" : ""}`} aria-describedby={describedBy}>
      <legend className="text-sm font-semibold">{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-semibold text-danger">
          {t(error)}
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
        {options.map((o) => (
          <label key={o.value} className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={name}
              value={o.value}
              defaultChecked={checked.includes(o.value)}
              className="size-6 accent-primary"
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const CAMPAIGN_TONES: Record<string, BadgeTone> = { draft: "neutral", active: "positive", paused: "warning", finished: "neutral" };
const REQUEST_TONES: Record<string, BadgeTone> = { pending: "warning", approved: "positive", rejected: "danger" };
const KEY_TONES: Record<string, BadgeTone> = { available: "positive", claimed: "info", revoked: "neutral" };

export function CampaignStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation(NS);
  return <Badge tone={CAMPAIGN_TONES[status] ?? "neutral"}>{t(`labels.campaignStatus.${status}`)}</Badge>;
}
export function RequestStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation(NS);
  return <Badge tone={REQUEST_TONES[status] ?? "neutral"}>{t(`labels.requestStatus.${status}`)}</Badge>;
}
export function KeyStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation(NS);
  return <Badge tone={KEY_TONES[status] ?? "neutral"}>{t(`labels.keyStatus.${status}`)}</Badge>;
}

/**
 * A yes/no that works before any script: a <details> whose summary is the action and whose panel asks the
 * question and holds the confirming submit (of its own form, or of the form named by `form`).
 */
export function ConfirmDisclosure({
  label,
  question,
  confirmLabel,
  cancelLabel,
  intent,
  fields = {},
  form,
  children,
}: {
  label: string;
  question: string;
  confirmLabel: string;
  cancelLabel: string;
  intent: string;
  fields?: Record<string, string>;
  /** Submit the page's form of this id instead of a form of its own (checkboxes elsewhere on the page). */
  form?: string;
  children?: ReactNode;
}) {
  const body = (
    <>
      {children}
      <div className="flex flex-wrap gap-2">
        <button type="submit" name="intent" value={intent} form={form} className={buttonClass("danger", "sm")}>
          {confirmLabel}
        </button>
      </div>
    </>
  );
  return (
    <details className="group inline-block max-w-full align-top open:block">
      <summary className={`${buttonClass("outline", "sm")} cursor-pointer list-none`}>
        <span className="group-open:hidden">{label}</span>
        <span className="hidden group-open:inline">{cancelLabel}</span>
      </summary>
      <div className="card mt-2 max-w-xl space-y-3 p-4">
        <p className="text-sm">{question}</p>
        {form ? (
          body
        ) : (
          <Form method="post" className="space-y-3">
            {Object.entries(fields).map(([k, v]) => (
              <input key={k} type="hidden" name={k} value={v} />
            ))}
            {body}
          </Form>
        )}
      </div>
    </details>
  );
}

/** Whole numbers in the page's language (1 234 / 1,234). */
const numberFormats = new Map<string, Intl.NumberFormat>();
export function formatCount(n: number, locale: string) {
  let f = numberFormats.get(locale);
  if (!f) numberFormats.set(locale, (f = new Intl.NumberFormat(locale === "es" ? "es-ES" : "en-US")));
  return f.format(n);
}

/**
 * The manage page's tabs: the kit's tab bar (`.tabs`, `.tab`), with the current tab taken from the address's
 * `?tab=` (the kit's `TabNav` marks tabs by path only, so every tab of one page would be current).
 */
export function QueryTabNav({
  label,
  items,
  current,
}: {
  label: string;
  items: { to: string; label: string; id: string }[];
  current: string;
}) {
  return (
    <nav aria-label={label}>
      <ul className="tabs">
        {items.map((item) => (
          <li key={item.id} className="shrink-0">
            <Link to={item.to} className="tab" aria-current={item.id === current ? "page" : undefined}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
