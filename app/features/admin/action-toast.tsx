import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "#app/components/ui/toast";
import type { AdminActionResult } from "#app/features/admin/shell";

/**
 * A successful action's message as a toast, where the person is looking (the row they acted on may just have
 * left the list): the site's toast once the page runs JavaScript, and before that (or without it) the same
 * card rendered by the server in the toast's place, closed by its × (a <details>, so no script is needed).
 */
export function ActionToast({ result }: { result: AdminActionResult | undefined }) {
  const { t } = useTranslation();
  const [hydrated, setHydrated] = useState(false);
  const message = result?.ok ? t(result.message, result.messageValues) : null;
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (message) toast({ title: message, variant: "success" });
  }, [result, message]);
  if (hydrated || !message) return null;
  return (
    <details open className="toast-viewport [&:not([open])]:hidden" data-testid="action-toast">
      <summary
        aria-label={t("toast.close")}
        className="pointer-events-auto absolute right-6 top-6 z-10 flex size-8 cursor-pointer list-none items-center justify-center rounded-md text-xl text-[var(--success-foreground)] [&::-webkit-details-marker]:hidden"
      >
        <span aria-hidden="true">×</span>
      </summary>
      <div role="status" className="toast toast-success pr-12">
        <p className="flex-1 font-semibold">{message}</p>
      </div>
    </details>
  );
}
