import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import { datePartNames, partsToIso } from "#shared/date-parts";
import { FieldShell } from "./form-field";

type DateInputProps = {
  /** The field's name: the form sends `<name>=YYYY-MM-DD` (read by date-input.server.ts). */
  name: string;
  label: string;
  hint?: ReactNode;
  /** i18n key ("errors:…") of the field's error, if any. */
  error?: string;
  /** The day shown first, `YYYY-MM-DD` (or nothing). */
  defaultValue?: string | null;
  /** A refused form's values: the field shows what was sent, not the default. */
  values?: Record<string, string>;
  className?: string;
} & Pick<InputHTMLAttributes<HTMLInputElement>, "min" | "max" | "required">;

/**
 * A date: the platform's own date control (a calendar picker on phones, typed or picked on a desktop), laid out
 * like every other field (FieldShell: label, hint, error, then the control, full width and the same height).
 * The site draws no calendar of its own, so the picker follows the device's language and first day of the week.
 * A plain input in a form, so it works without JavaScript; the server reads and checks it with zod
 * (`readDateInput`), and a refused date comes back with a translated message.
 */
export function DateInput({ name, label, hint, error, defaultValue, values, className, ...input }: DateInputProps) {
  const id = `${useId()}-${name}`;
  const n = datePartNames(name);
  // A form posted by the earlier day, month and year boxes (an old page still open) shows its day again.
  const fromParts =
    values && n.day in values ? partsToIso({ day: values[n.day] ?? "", month: values[n.month] ?? "", year: values[n.year] ?? "" }) : null;
  const start = fromParts ?? values?.[name] ?? defaultValue ?? "";
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <FieldShell id={id} label={label} name={name} hint={hint} error={error} className={className}>
      <input
        id={id}
        name={name}
        type="date"
        defaultValue={start}
        className="input input-date"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
    </FieldShell>
  );
}
