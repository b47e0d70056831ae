import { useTranslation } from "react-i18next";
import { useLocalePath } from "#app/lib/use-locale";

/** Single sign-on buttons, only for providers whose keys are configured. Plain form posts (no JS needed). */
export function SsoButtons({ providers, redirectTo }: { providers: string[]; redirectTo: string }) {
  const { t } = useTranslation("auth");
  const { to } = useLocalePath();
  if (providers.length === 0) return null;
  return (
    <div className="space-y-3">
      <p className="flex items-center gap-3 text-xs uppercase tracking-wide text-muted-foreground">
        <span className="h-px flex-1 bg-border" aria-hidden="true" />
        {t("sso.or")}
        <span className="h-px flex-1 bg-border" aria-hidden="true" />
      </p>
      {providers.map((p) => (
        <form key={p} method="post" action={to(`/auth/sso/${p}`)}>
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <button type="submit" className="btn btn-outline w-full">
            {t(`sso.${p}`)}
          </button>
        </form>
      ))}
    </div>
  );
}
