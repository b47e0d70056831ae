import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { BusyNotice, overloadOf } from "#app/components/layout/error-view";
import { FormAlert } from "#app/components/ui/form-field";
import type { FormFailure } from "#app/lib/form";
import { useLocalePath } from "#app/lib/use-locale";

/** What an admin action answers: a translated success message, or the shared form failure. */
export type AdminActionResult = { ok: true; message: string; messageValues?: Record<string, string | number> } | FormFailure;

export function ActionResult({ result }: { result: AdminActionResult | undefined }) {
  if (!result) return null;
  return result.ok ? (
    <FormAlert variant="success" message={result.message} values={result.messageValues} />
  ) : (
    <FormAlert message={result.formError} values={result.formErrorValues} />
  );
}

export function AdminHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="mb-6">
      <h1 className="text-3xl font-black">{title}</h1>
      {children ? <div className="mt-2 max-w-3xl text-muted-foreground">{children}</div> : null}
    </header>
  );
}

/** A tab's refusal or failure, inside the admin chrome (the layout stays around it). */
export function AdminErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation("admin");
  const { to } = useLocalePath();
  const overload = overloadOf(error);
  if (overload) return <BusyNotice retryAfter={overload.retryAfter} />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const key = status === 403 ? "forbidden" : status === 404 ? "notFound" : "failed";
  return (
    <section role="alert" className="card p-8">
      <p className="text-5xl font-black text-primary" aria-hidden="true">
        {status}
      </p>
      <h1 className="mt-3 text-2xl font-bold">{t(`errors.${key}.title`)}</h1>
      <p className="mt-2 text-muted-foreground">{t(`errors.${key}.text`)}</p>
      {status !== 403 && status !== 404 && error instanceof Error ? (
        <p className="mt-2 text-sm text-muted-foreground">{error.message}</p>
      ) : null}
      <Link to={to("/admin")} className="btn btn-primary mt-6">
        {t("errors.backToQuickView")}
      </Link>
    </section>
  );
}

/** Robots never index the admin area, even its error pages. */
export const NOINDEX = [{ name: "robots", content: "noindex, nofollow" }];
