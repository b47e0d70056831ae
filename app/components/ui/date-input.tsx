import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { datePartNames, isoToParts } from "#shared/date-parts";

type DateInputProps = {
  /** The field's name: the form sends `<name>-day`, `<name>-month` and `<name>-year` (see date-input.server.ts). */
  name: string;
  label: string;
  hint?: ReactNode;
  /** i18n key ("errors:…") of the field's error, if any. */
  error?: string;
  /** The day shown first, `YYYY-MM-DD` (or nothing). */
  defaultValue?: string | null;
  /** A refused form's values: the boxes show what was typed, not the default. */
  values?: Record<string, string>;
  className?: string;
};

/**
 * A date as three boxes, day, month and year (GOV.UK's date input): every word is ours, in the page's
 * language, unlike the browser's date control ("mm/dd/yyyy" in the browser's language), and the order is
 * never ambiguous. Plain inputs in a form, so it works without JavaScript; the server reads and checks the
 * boxes with zod (`readDateInput`), and a refused date comes back as typed with a translated message.
 */
export function DateInput({ name, label, hint, error, defaultValue, values, className = "" }: DateInputProps) {
  const { t } = useTranslation();
  const id = `${useId()}-${name}`;
  const n = datePartNames(name);
  const typed = values && (n.day in values || n.month in values || n.year in values);
  const start = typed
    ? { day: values[n.day] ?? "", month: values[n.month] ?? "", year: values[n.year] ?? "" }
    : isoToParts(values?.[name] ?? defaultValue);
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(" ");
  const boxes = [
    { part: "day", width: "w-14", max: 2 },
    { part: "month", width: "w-14", max: 2 },
    { part: "year", width: "w-20", max: 4 },
  ] as const;
  return (
    <fieldset className={`min-w-0 space-y-1.5 ${error ? "field-error" : ""} ${className}`} aria-describedby={describedBy}>
      <legend className="text-sm font-semibold">{label}</legend>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {hint ? <>{hint} </> : null}
        {t("ui.dateInput.example")}
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-semibold text-danger">
          {t(error)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {boxes.map(({ part, width, max }) => (
          <div key={part} className="space-y-1">
            <label htmlFor={`${id}-${part}`} className="block text-sm">
              {t(`ui.dateInput.${part}`)}
            </label>
            <input
              id={`${id}-${part}`}
              name={n[part]}
              defaultValue={start[part]}
              inputMode="numeric"
              autoComplete="off"
              maxLength={max}
              spellCheck={false}
              className={`input ${width} tabular-nums`}
              aria-invalid={error ? true : undefined}
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
}
