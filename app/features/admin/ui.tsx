import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, isRouteErrorResponse, Link, useLocation, useRouteError } from "react-router";
import { FormAlert, SubmitButton } from "#app/components/ui/form-field";
import { formatDate } from "#app/i18n/format";
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

export function useDateFormat() {
  const { locale } = useLocalePath();
  return {
    date: (d: string | Date) => formatDate(d, locale, { dateStyle: "medium" }),
    dateTime: (d: string | Date) => formatDate(d, locale, { dateStyle: "medium", timeStyle: "short" }),
    locale,
  };
}

/**
 * Links to the other pages of a list, keeping its search and filters (`?page=` in the URL, or `param` when a
 * page holds two lists). Without `total` (a list that only knows its pages) the count is left out.
 */
export function Pagination({
  page,
  pageCount,
  total,
  param = "page",
  label,
}: {
  page: number;
  pageCount: number;
  total?: number;
  param?: string;
  label?: string;
}) {
  const { t } = useTranslation("admin");
  const location = useLocation();
  const totalText = total === undefined ? null : t("list.total", { count: total });
  if (pageCount <= 1) return totalText ? <p className="mt-4 text-sm text-muted-foreground">{totalText}</p> : null;
  const hrefFor = (p: number) => {
    const params = new URLSearchParams(location.search);
    if (p <= 1) params.delete(param);
    else params.set(param, String(p));
    const qs = params.toString();
    return `${location.pathname}${qs ? `?${qs}` : ""}`;
  };
  return (
    <nav aria-label={label ?? t("list.pagination")} className="mt-4 flex flex-wrap items-center gap-3 text-sm">
      {page > 1 ? (
        <Link className="btn btn-outline" to={hrefFor(page - 1)} rel="prev">
          {t("list.previous")}
        </Link>
      ) : null}
      <span aria-current="page">{t("list.pageOf", { page, pageCount })}</span>
      {page < pageCount ? (
        <Link className="btn btn-outline" to={hrefFor(page + 1)} rel="next">
          {t("list.next")}
        </Link>
      ) : null}
      {totalText ? <span className="text-muted-foreground">{totalText}</span> : null}
    </nav>
  );
}

/** A GET search form: the query lives in the URL, so it works without JavaScript and can be shared. */
export function SearchForm({
  label,
  name = "q",
  value,
  hidden = {},
  children,
}: {
  label: string;
  name?: string;
  value: string;
  hidden?: Record<string, string | null | undefined>;
  children?: ReactNode;
}) {
  const { t } = useTranslation("admin");
  const location = useLocation();
  const id = `admin-search-${name}`;
  return (
    <Form method="get" action={location.pathname} role="search" className="mb-4 flex flex-wrap items-end gap-3">
      {Object.entries(hidden).map(([k, v]) => (v ? <input key={k} type="hidden" name={k} value={v} /> : null))}
      <div className="min-w-56 flex-1 space-y-1.5">
        <label htmlFor={id} className="block text-sm font-semibold">
          {label}
        </label>
        <input id={id} name={name} type="search" defaultValue={value} className="input" />
      </div>
      {children}
      <button type="submit" className="btn btn-primary">
        {t("list.search")}
      </button>
    </Form>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="card p-6 text-center text-muted-foreground">{children}</p>;
}

const badgeTone: Record<string, string> = {
  positive: "border-positive/50 text-positive",
  danger: "border-danger/50 text-danger",
  neutral: "border-border text-muted-foreground",
  info: "border-primary/50 text-primary",
};

export function Badge({ tone = "neutral", children }: { tone?: keyof typeof badgeTone; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-semibold ${badgeTone[tone]}`}>{children}</span>
  );
}

/**
 * A change that needs a second click (SPEC: confirmation before destructive actions). Built on <details>,
 * so it works before JavaScript loads: the first button opens the question, the second one posts.
 */
export function ConfirmAction({
  label,
  question,
  confirmLabel,
  intent,
  fields,
  tone = "danger",
  open,
  wide = false,
  children,
}: {
  label: string;
  question: string;
  confirmLabel: string;
  intent: string;
  fields: Record<string, string>;
  tone?: "danger" | "primary";
  /** Opened already (for example to show the error of a first try). */
  open?: boolean;
  /** Opens as a panel across its row (room for a note and options), not a narrow pop-over. */
  wide?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation("admin");
  return (
    <details className={`inline-block align-top ${wide ? "open:block open:w-full open:basis-full" : ""}`} open={open || undefined}>
      <summary className="btn btn-outline min-h-9 cursor-pointer list-none px-3 py-1 text-sm">{label}</summary>
      <div className={`card mt-2 max-w-full text-left shadow-lg ${wide ? "w-full max-w-2xl p-4" : "w-64 p-3"}`}>
        <p className="text-sm">{question}</p>
        <Form method="post" className="mt-3 space-y-3">
          <input type="hidden" name="intent" value={intent} />
          {Object.entries(fields).map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          {children}
          <div className="flex gap-2">
            <button
              type="submit"
              className={tone === "danger" ? "btn btn-primary bg-destructive text-destructive-foreground" : "btn btn-primary"}
            >
              {confirmLabel}
            </button>
          </div>
          <p className="text-xs text-muted-foreground">{t("confirm.cancelHint")}</p>
        </Form>
      </div>
    </details>
  );
}

/** A tab's refusal or failure, inside the admin chrome (the layout stays around it). */
export function AdminErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation("admin");
  const { to } = useLocalePath();
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

/**
 * A form in a disclosure (add, edit): closed until asked for, open again when its submit failed. The intent
 * and `formId` (which form a failure belongs to) travel as hidden fields, with any `hidden` extras.
 */
export function FormDisclosure({
  summary,
  formId,
  intent,
  failure,
  hidden = {},
  submit,
  className = "mt-2",
  children,
}: {
  summary: string;
  formId: string;
  intent: string;
  failure?: FormFailure;
  hidden?: Record<string, string>;
  submit: string;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation("admin");
  return (
    <details className={className} open={failure ? true : undefined}>
      <summary className="btn btn-outline min-h-9 cursor-pointer list-none px-3 py-1 text-sm">{summary}</summary>
      <Form method="post" className="card mt-2 space-y-4 p-4">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="formId" value={formId} />
        {Object.entries(hidden).map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        {children}
        <SubmitButton pendingLabel={t("settings.saving")}>{submit}</SubmitButton>
      </Form>
    </details>
  );
}
