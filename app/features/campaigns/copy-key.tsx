import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "#app/features/notifications/use-hydrated";

/**
 * A revealed key: selectable monospace text (enough without JavaScript), and once the page runs and the browser
 * offers the clipboard, a Copy button that says whether it worked.
 */
export function RevealedKey({ value, id }: { value: string; id: string }) {
  const { t } = useTranslation("campaigns");
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  const canCopy = hydrated && typeof navigator !== "undefined" && !!navigator.clipboard;
  return (
    <div className="space-y-2">
      <p id={`${id}-label`} className="text-sm font-semibold">
        {t("myKeys.yourKey")}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 break-all rounded-control border border-border bg-muted px-3 py-2 font-mono text-base select-all">
          {value}
        </code>
        {canCopy ? (
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={() => {
              navigator.clipboard.writeText(value).then(
                () => setCopied("yes"),
                () => setCopied("no"),
              );
            }}
          >
            {t("myKeys.copy")}
          </button>
        ) : null}
      </div>
      <p role="status" className="text-sm text-muted-foreground empty:hidden">
        {copied === "yes" ? t("myKeys.copied") : copied === "no" ? t("myKeys.copyFailed") : ""}
      </p>
    </div>
  );
}
