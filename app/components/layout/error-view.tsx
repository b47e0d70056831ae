import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link, useLocation } from "react-router";
import { useLocalePath } from "#app/lib/use-locale";

/** What a page's 404 says when the missing thing has a name ("Campaign not found.") and a list to go back to. */
export type NotFoundText = { title: string; backTo: string; backLabel: string };

/**
 * A translated 404 (the page's own words for what was not found, when it gives them), or SPEC §8's generic
 * boundary: the message and a Try Again button that reloads.
 */
export function ErrorView({ error, notFound }: { error: unknown; notFound?: NotFoundText }) {
  const { t } = useTranslation();
  const { to } = useLocalePath();
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <section className="py-16 text-center">
        <p className="text-6xl font-black text-primary" aria-hidden="true">
          404
        </p>
        <h1 className="mt-4 text-3xl font-bold">{notFound?.title ?? t("errors.notFoundTitle")}</h1>
        {notFound ? null : <p className="mt-2 text-muted-foreground">{t("errors.notFoundText")}</p>}
        <Link to={to(notFound?.backTo ?? "/")} className="btn btn-primary mt-6">
          {notFound?.backLabel ?? t("errors.goHome")}
        </Link>
      </section>
    );
  }
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <section role="alert" className="py-16 text-center">
      <h1 className="text-3xl font-bold">{t("errors.title")}</h1>
      <p className="mt-3 text-muted-foreground">{message}</p>
      {/* A GET form reloads the page even before JavaScript runs. */}
      <form
        method="get"
        action={location.pathname}
        onSubmit={(e) => {
          e.preventDefault();
          window.location.reload();
        }}
      >
        <button type="submit" className="btn btn-primary mt-6">
          {t("errors.tryAgain")}
        </button>
      </form>
    </section>
  );
}
