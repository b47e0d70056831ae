import type { TFunction } from "i18next";

export type MaintenancePageProps = {
  t: TFunction;
  locale: "es" | "en";
  nonce: string;
  cssHref: string;
  returnTo: string;
  error?: "wrong_password" | "password_required" | "rate_limited";
  siteName: string;
};

const errorKey = {
  wrong_password: "maintenance.wrongPassword",
  password_required: "maintenance.passwordRequired",
  rate_limited: "maintenance.rateLimited",
} as const;

/**
 * SPEC §2/§8 maintenance screen, forced dark. A plain form posted to the server: it works without
 * JavaScript and the password is never part of the page. A wrong password comes back (after ~500 ms)
 * with the destructive 'Error de Acceso' toast.
 */
export function MaintenancePage({ t, locale, nonce, cssHref, returnTo, error, siteName }: MaintenancePageProps) {
  const title = t("maintenance.title");
  return (
    <html lang={locale} className="dark" data-theme="dark">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{`${title} | ${siteName}`}</title>
        <link rel="stylesheet" href={cssHref} />
      </head>
      <body className="min-h-screen bg-background text-foreground">
        <div className="site-background" aria-hidden="true" />
        <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-6 py-12">
          <div className="rounded-2xl border border-border bg-card p-8 shadow-xl">
            <h1 className="text-2xl font-bold">{title}</h1>
            <p className="mt-1 text-lg font-medium text-muted-foreground">{t("maintenance.subtitle")}</p>
            <p className="mt-4 text-muted-foreground">{t("maintenance.text")}</p>
            <form method="post" action="/api/v1/site/maintenance/unlock" className="mt-6 space-y-4">
              <input type="hidden" name="returnTo" value={returnTo} />
              <div>
                <label htmlFor="maintenance-password" className="block text-sm font-medium">
                  {t("maintenance.password")}
                </label>
                <input
                  id="maintenance-password"
                  name="password"
                  type="password"
                  required
                  autoComplete="current-password"
                  autoFocus
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? "maintenance-error" : undefined}
                  className="input mt-1"
                />
              </div>
              <button type="submit" className="btn btn-primary w-full">
                {t("maintenance.submit")}
              </button>
            </form>
            {/* The site team signs in to pass the gate: the sign-in pages stay open. */}
            <p className="mt-6 text-center text-sm text-muted-foreground">
              <a href={`/${locale}/auth/login?redirectTo=${encodeURIComponent(returnTo)}`} className="link">
                {t("maintenance.teamSignIn")}
              </a>
            </p>
          </div>
        </main>
        <section aria-label={t("toast.region", { hotkey: "F8" })} tabIndex={-1} id="toast-region" className="toast-viewport">
          {error ? (
            <div role="alert" id="maintenance-error" className="toast toast-destructive" data-toast>
              <div className="flex-1">
                <p className="font-semibold">{t("maintenance.errorTitle")}</p>
                <p className="text-sm">{t(errorKey[error])}</p>
              </div>
              <button type="button" className="toast-close" data-toast-close aria-label={t("toast.close")}>
                ×
              </button>
            </div>
          ) : null}
        </section>
        <script
          nonce={nonce}
          dangerouslySetInnerHTML={{
            __html: `(function(){var r=document.getElementById("toast-region");var t=r&&r.querySelector("[data-toast]");
document.addEventListener("keydown",function(e){if(e.key==="F8"&&r){r.focus();}});
if(!t)return;function d(){t.remove();}setTimeout(d,5000);t.querySelector("[data-toast-close]").addEventListener("click",d);
var x0=null;t.addEventListener("pointerdown",function(e){x0=e.clientX;});t.addEventListener("pointerup",function(e){if(x0!==null&&Math.abs(e.clientX-x0)>50)d();x0=null;});})();`,
          }}
        />
      </body>
    </html>
  );
}
