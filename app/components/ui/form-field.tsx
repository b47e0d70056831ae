import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import { Spinner } from "./spinner";

type FieldProps = {
  label: string;
  name: string;
  /** i18n key ("errors:…") of the field's error, if any. */
  error?: string;
  errorValues?: Record<string, unknown>;
  hint?: ReactNode;
};

/**
 * GOV.UK's order: the label, the hint, the error (each read before the control), then the control; a field in
 * error gets a bar at its start edge and a thicker border, so the error is seen without colour alone.
 */
export function FieldShell({
  id,
  label,
  error,
  errorValues,
  hint,
  className = "",
  children,
}: FieldProps & { id: string; className?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={["field space-y-1.5", error ? "field-error" : "", className].filter(Boolean).join(" ")}>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-semibold text-danger">
          {t(error, errorValues)}
        </p>
      ) : null}
      {children}
    </div>
  );
}

const describedBy = (id: string, hint: unknown, error: unknown) =>
  [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;

/**
 * Fields side by side from sm (two dates, a number and a date), one column on a phone. Their controls line up
 * on one line even when one field has a hint or an error and the other not (app.css `.field-row`).
 */
export function FieldRow({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <div className={className ? `field-row ${className}` : "field-row"}>{children}</div>;
}

/** A labelled input with its hint and its translated error, wired for screen readers. */
export function Field({ label, name, error, errorValues, hint, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const id = `${useId()}-${name}`;
  return (
    <FieldShell id={id} label={label} name={name} error={error} errorValues={errorValues} hint={hint}>
      <input
        id={id}
        name={name}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...input}
      />
    </FieldShell>
  );
}

export function TextAreaField({
  label,
  name,
  error,
  errorValues,
  hint,
  ...input
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = `${useId()}-${name}`;
  return (
    <FieldShell id={id} label={label} name={name} error={error} errorValues={errorValues} hint={hint}>
      <textarea
        id={id}
        name={name}
        className="input min-h-28"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...input}
      />
    </FieldShell>
  );
}

/** A labelled <select> (few options; a long list is a search field instead), wired like `Field`. */
export function SelectField({
  label,
  name,
  error,
  errorValues,
  hint,
  children,
  ...select
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = `${useId()}-${name}`;
  return (
    <FieldShell id={id} label={label} name={name} error={error} errorValues={errorValues} hint={hint}>
      <select
        id={id}
        name={name}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...select}
      >
        {children}
      </select>
    </FieldShell>
  );
}

/** The message about a whole form, announced when it appears. */
export function FormAlert({
  message,
  values,
  variant = "error",
}: {
  message?: string | null;
  values?: Record<string, unknown>;
  variant?: "error" | "success" | "info";
}) {
  const { t } = useTranslation();
  if (!message) return null;
  const tone =
    variant === "error"
      ? "border-danger/60 bg-destructive/10 text-danger"
      : variant === "success"
        ? "border-positive/60 bg-success/10 text-positive"
        : "border-border bg-muted text-foreground";
  return (
    <div role={variant === "error" ? "alert" : "status"} className={`rounded-lg border px-4 py-3 text-sm font-medium ${tone}`}>
      {t(message, values)}
    </div>
  );
}

/** A submit button that says it is working while its form is being sent. */
export function SubmitButton({
  children,
  pendingLabel,
  className = "btn btn-primary",
  name,
  value,
}: {
  children: ReactNode;
  pendingLabel?: string;
  className?: string;
  name?: string;
  value?: string;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && (name === undefined || navigation.formData?.get(name) === value);
  return (
    <button type="submit" className={className} name={name} value={value} disabled={pending} aria-disabled={pending || undefined}>
      {pending ? <Spinner size={16} /> : null}
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}

// The spinner lives in its own module, so pages that need only it (the header's bell) do not load the form kit.
export { Spinner };
