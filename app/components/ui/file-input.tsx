import { useEffect, useId, useRef, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FieldShell } from "./form-field";

type FileInputProps = {
  label: string;
  name: string;
  /** i18n key ("errors:…") of the field's error, if any. */
  error?: string;
  errorValues?: Record<string, unknown>;
  hint?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "className">;

/**
 * A file field whose words are ours, in the page's language: the browser's own control ("Choose File No file
 * chosen", in the browser's language) stays in the page, visually hidden but focusable and named by the
 * field's label, and a label styled as a button opens it (a label click opens the picker without
 * JavaScript, so the form uploads before the page hydrates). GOV.UK's order, as the other fields: label, hint,
 * error, then the control. Once hydrated, the chosen file's name shows
 * beside the button and is read with the field; a form reset clears it.
 */
export function FileInput({ label, name, error, errorValues, hint, onChange, ...input }: FileInputProps) {
  const { t } = useTranslation();
  const id = `${useId()}-${name}`;
  const ref = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const names = (el: HTMLInputElement) => (el.files?.length ? [...el.files].map((f) => f.name).join(", ") : null);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // A file picked before hydration is shown too.
    setChosen(names(el));
    const form = el.form;
    const onReset = () => setChosen(null);
    form?.addEventListener("reset", onReset);
    return () => form?.removeEventListener("reset", onReset);
  }, []);

  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null, `${id}-status`].filter(Boolean).join(" ");
  return (
    <FieldShell id={id} name={name} label={label} error={error} errorValues={errorValues} hint={hint}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <input
          ref={ref}
          id={id}
          name={name}
          type="file"
          className="peer sr-only"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => {
            setChosen(names(e.currentTarget));
            onChange?.(e);
          }}
          {...input}
        />
        {/* The visible button: a second label of the same input (hidden from screen readers, who meet the input). */}
        <label
          htmlFor={id}
          aria-hidden="true"
          className="btn btn-outline cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring peer-aria-invalid:border-danger"
        >
          {chosen ? t("ui.fileInput.change") : t("ui.fileInput.choose")}
        </label>
        <span id={`${id}-status`} className="min-w-0 break-all text-sm text-muted-foreground" data-file-status="">
          {chosen ? t("ui.fileInput.chosen", { name: chosen }) : t("ui.fileInput.none")}
        </span>
      </div>
    </FieldShell>
  );
}
