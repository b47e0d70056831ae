import { useTranslation } from "react-i18next";
import { SubmitButton, TextAreaField } from "#app/components/ui/form-field";

/** The Markdown body of a post with its hint, and the server-rendered preview when one was asked for. */
export function MarkdownBody({
  label,
  defaultValue,
  error,
  errorValues,
  preview,
  rows = 10,
  autoFocus,
}: {
  label: string;
  defaultValue?: string;
  error?: string;
  errorValues?: Record<string, unknown>;
  preview?: string | null;
  rows?: number;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation("forum");
  return (
    <div className="space-y-3">
      <TextAreaField
        label={label}
        name="body"
        defaultValue={defaultValue}
        rows={rows}
        maxLength={20_000}
        required
        hint={t("editor.markdownHint")}
        error={error}
        errorValues={errorValues}
        autoFocus={autoFocus}
      />
      {preview !== undefined && preview !== null ? (
        <section aria-label={t("editor.previewLabel")} className="rounded-lg border border-dashed border-border p-4">
          <h3 className="mb-2 text-sm font-semibold text-muted-foreground">{t("editor.previewLabel")}</h3>
          {/* Sanitized by the server's Markdown renderer, the same HTML a post stores. */}
          <div className="post-body" dangerouslySetInnerHTML={{ __html: preview }} />
        </section>
      ) : null}
    </div>
  );
}

/** The "Preview" button: a submit of the same form with intent=preview (the action answers the HTML). */
export function PreviewButton() {
  const { t } = useTranslation("forum");
  return (
    <SubmitButton name="intent" value="preview" className="btn btn-outline">
      {t("editor.preview")}
    </SubmitButton>
  );
}
