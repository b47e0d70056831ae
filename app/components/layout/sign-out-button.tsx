import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "#app/components/ui/toast";
import { holdRealtime } from "#app/features/notifications/realtime-client";
import { useLocalePath } from "#app/lib/use-locale";

/**
 * Sign-out is a form post that works before JavaScript (303 to /auth/login). With JavaScript the post is
 * sent in the background so a failure can say 'Sign out Failed' (SPEC §8) instead of leaving the page.
 */
export function SignOutButton({ className }: { className: string }) {
  const { t } = useTranslation();
  const { to } = useLocalePath();
  const [busy, setBusy] = useState(false);
  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setBusy(true);
    // The live socket closes first, so no handshake reaches the server after the session has ended.
    const resumeRealtime = await holdRealtime();
    try {
      const res = await fetch("/api/v1/session/sign-out", { method: "POST", headers: { accept: "application/json" } });
      if (!res.ok) throw new Error(String(res.status));
      try {
        for (const key of Object.keys(localStorage)) if (/auth|session|token/i.test(key)) localStorage.removeItem(key);
      } catch {
        // Storage may be unavailable; the session cookie is already gone.
      }
      // A full load, so every piece of signed-in state in memory is dropped.
      window.location.assign(to("/auth/login"));
    } catch {
      resumeRealtime();
      setBusy(false);
      toast({ title: t("auth.signOutFailed"), description: t("errors:auth.sign_out_failed"), variant: "destructive" });
    }
  }
  return (
    <form method="post" action="/api/v1/session/sign-out" onSubmit={onSubmit}>
      <button type="submit" className={className} disabled={busy}>
        {t("auth.signOut")}
      </button>
    </form>
  );
}
