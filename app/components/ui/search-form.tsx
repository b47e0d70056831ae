import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, useLocation } from "react-router";

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
  const { t } = useTranslation();
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
        {t("search.submit")}
      </button>
    </Form>
  );
}
