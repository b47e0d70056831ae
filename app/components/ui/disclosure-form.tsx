import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { FormFailure } from "#app/lib/form";
import { SubmitButton } from "./form-field";

/**
 * A change that needs a second click (SPEC: confirmation before destructive actions). Built on <details>,
 * so it works before JavaScript loads: the first button opens the question, the second one posts.
 */
export function ConfirmAction({
  label,
  question,
  confirmLabel,
  intent,
  fields,
  tone = "danger",
  open,
  wide = false,
  children,
}: {
  label: string;
  question: string;
  confirmLabel: string;
  intent: string;
  fields: Record<string, string>;
  tone?: "danger" | "primary";
  /** Opened already (for example to show the error of a first try). */
  open?: boolean;
  /** Opens as a panel across its row (room for a note and options), not a narrow pop-over. */
  wide?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <details className={`inline-block align-top ${wide ? "open:block open:w-full open:basis-full" : ""}`} open={open || undefined}>
      <summary className="btn btn-outline min-h-9 cursor-pointer list-none px-3 py-1 text-sm">{label}</summary>
      <div className={`card mt-2 max-w-full text-left shadow-lg ${wide ? "w-full max-w-2xl p-4" : "w-64 p-3"}`}>
        <p className="text-sm">{question}</p>
        <Form method="post" className="mt-3 space-y-3">
          <input type="hidden" name="intent" value={intent} />
          {Object.entries(fields).map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          {children}
          <div className="flex gap-2">
            <button
              type="submit"
              className={tone === "danger" ? "btn btn-primary bg-destructive text-destructive-foreground" : "btn btn-primary"}
            >
              {confirmLabel}
            </button>
          </div>
          <p className="text-xs text-muted-foreground">{t("ui.disclosure.cancelHint")}</p>
        </Form>
      </div>
    </details>
  );
}

/**
 * A form in a disclosure (add, edit): closed until asked for, open again when its submit failed. The intent
 * and `formId` (which form a failure belongs to) travel as hidden fields, with any `hidden` extras.
 */
export function FormDisclosure({
  summary,
  formId,
  intent,
  failure,
  hidden = {},
  submit,
  className = "mt-2",
  children,
}: {
  summary: string;
  formId: string;
  intent: string;
  failure?: FormFailure;
  hidden?: Record<string, string>;
  submit: string;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <details className={className} open={failure ? true : undefined}>
      <summary className="btn btn-outline min-h-9 cursor-pointer list-none px-3 py-1 text-sm">{summary}</summary>
      <Form method="post" className="card mt-2 space-y-4 p-4">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="formId" value={formId} />
        {Object.entries(hidden).map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        {children}
        <SubmitButton pendingLabel={t("ui.disclosure.saving")}>{submit}</SubmitButton>
      </Form>
    </details>
  );
}
