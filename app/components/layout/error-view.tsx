import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link, useLocation, useRevalidator } from "react-router";
import { useLocalePath } from "#app/lib/use-locale";

/** What a page's 404 says when the missing thing has a name ("Campaign not found.") and a list to go back to. */
export type NotFoundText = { title: string; backTo: string; backLabel: string };

/** Seconds a refused page waits before trying again when the refusal does not say. */
const RETRY_AFTER_DEFAULT = 5;

/**
 * The load shedder's refusal of a client-side navigation's data request (server/http/load-shedder.ts): a 503
 * whose JSON says `overloaded` and in how many seconds to come back. Null for any other error.
 */
export function overloadOf(error: unknown): { retryAfter: number } | null {
  if (!isRouteErrorResponse(error) || error.status !== 503) return null;
  let body: unknown = error.data;
  if (typeof body === "string") {
    try {
      body = JSON.parse(body);
    } catch {
      return null;
    }
  }
  const e = (body as { error?: { code?: unknown; retryAfter?: unknown } } | null)?.error;
  if (e?.code !== "overloaded") return null;
  const seconds =
    typeof e.retryAfter === "number" && e.retryAfter > 0 && e.retryAfter <= 60 ? Math.ceil(e.retryAfter) : RETRY_AFTER_DEFAULT;
  return { retryAfter: seconds };
}

/**
 * The site is too busy to answer this page now: said in the page's language inside the site's frame, counting
 * down to a new try of its own (the page's data asked again), with a button to try at once.
 */
export function BusyNotice({ retryAfter }: { retryAfter: number }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const [left, setLeft] = useState(retryAfter);
  const trying = revalidator.state === "loading";
  useEffect(() => {
    if (trying) return;
    if (left <= 0) {
      void revalidate.current();
      return;
    }
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, trying]);
  return (
    <section className="py-16 text-center" data-busy-notice="">
      <div role="alert">
        <h1 className="text-3xl font-bold">{t("errors:overloaded.title")}</h1>
        <p className="mt-3 text-muted-foreground">{t("errors:overloaded.text")}</p>
      </div>
      {/* Outside the alert: the countdown changes every second and is not read out each time. */}
      <p className="mt-2 text-sm text-muted-foreground">
        {trying ? t("errors.retrying") : t("errors.retryingIn", { count: Math.max(left, 1) })}
      </p>
      <button type="button" className="btn btn-primary mt-6" disabled={trying} onClick={() => void revalidator.revalidate()}>
        {t("errors.retryNow")}
      </button>
    </section>
  );
}

/** A number per error object: a new refusal (a try that failed again) starts a new countdown. */
const errorIds = new WeakMap<object, number>();
let lastErrorId = 0;
function errorId(error: unknown): number {
  if (typeof error !== "object" || error === null) return 0;
  let id = errorIds.get(error);
  if (id === undefined) errorIds.set(error, (id = ++lastErrorId));
  return id;
}

/**
 * A translated 404 (the page's own words for what was not found, when it gives them), a busy site's notice
 * that tries again by itself (a page refused by the load shedder), or SPEC §8's generic boundary: the message
 * and a Try Again button that reloads.
 */
export function ErrorView({ error, notFound }: { error: unknown; notFound?: NotFoundText }) {
  const { t } = useTranslation();
  const { to } = useLocalePath();
  const location = useLocation();
  const overload = overloadOf(error);
  if (overload) return <BusyNotice key={errorId(error)} retryAfter={overload.retryAfter} />;
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
