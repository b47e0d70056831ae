import { useTranslation } from "react-i18next";
import { Form, Link, useLocation } from "react-router";
import { DateInput } from "#app/components/ui/date-input";
import type { AuditFilters as Filters } from "#server/modules/admin/list-audit";

/**
 * The audit log's filters: a GET form (the filters live in the URL, so they work without JavaScript and can
 * be shared). The filter in the URL stays selectable even before any row of it exists (an empty forum log).
 */
export function AuditFilters({
  filters: f,
  actions: allActions,
  actionFamilies,
  targetTypes: allTargetTypes,
  dateErrors,
  typed,
}: {
  filters: Filters;
  actions: string[];
  actionFamilies: string[];
  targetTypes: string[];
  /** A date typed that is not a real day (no filter then), and the query as typed, to show it again. */
  dateErrors?: { from?: string; to?: string };
  typed?: Record<string, string>;
}) {
  const { t } = useTranslation("admin");
  const location = useLocation();
  const filtered = !!(f.action || f.actor || f.target || f.targetType || f.from || f.to);
  const withCurrent = (list: string[], current: string) => (current && !list.includes(current) ? [...list, current].sort() : list);
  const families = withCurrent(actionFamilies, f.action.endsWith(".") ? f.action : "");
  const actions = withCurrent(allActions, f.action.endsWith(".") ? "" : f.action);
  const targetTypes = withCurrent(allTargetTypes, f.targetType);
  return (
    <Form
      method="get"
      action={location.pathname}
      role="search"
      aria-label={t("audit.filters")}
      className="card mb-4 grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
    >
      <div className="space-y-1.5">
        <label htmlFor="audit-action" className="block text-sm font-semibold">
          {t("audit.action")}
        </label>
        <select id="audit-action" name="action" defaultValue={f.action} key={`action-${f.action}`} className="input">
          <option value="">{t("audit.allActions")}</option>
          <optgroup label={t("audit.families")}>
            {families.map((a) => (
              <option key={a} value={a}>
                {t("audit.family", { area: t(`audit.areas.${a.slice(0, -1)}`, { defaultValue: a.slice(0, -1) }) })}
              </option>
            ))}
          </optgroup>
          <optgroup label={t("audit.oneAction")}>
            {actions.map((a) => (
              <option key={a} value={a}>
                {t(`audit.actions.${a}`, { defaultValue: a })}
              </option>
            ))}
          </optgroup>
        </select>
      </div>
      <div className="space-y-1.5">
        <label htmlFor="audit-actor" className="block text-sm font-semibold">
          {t("audit.actor")}
        </label>
        <input id="audit-actor" name="actor" type="search" defaultValue={f.actor} key={`actor-${f.actor}`} className="input" />
      </div>
      <div className="space-y-1.5">
        <label htmlFor="audit-target" className="block text-sm font-semibold">
          {t("audit.target")}
        </label>
        <input id="audit-target" name="target" type="search" defaultValue={f.target} key={`target-${f.target}`} className="input" />
      </div>
      <div className="space-y-1.5">
        <label htmlFor="audit-target-type" className="block text-sm font-semibold">
          {t("audit.targetType")}
        </label>
        <select id="audit-target-type" name="targetType" defaultValue={f.targetType} key={`type-${f.targetType}`} className="input">
          <option value="">{t("audit.allTargetTypes")}</option>
          {targetTypes.map((tt) => (
            <option key={tt} value={tt}>
              {t(`audit.targetTypes.${tt}`, { defaultValue: tt })}
            </option>
          ))}
        </select>
      </div>
      {/* Each date takes two columns on wide screens: the two of them on one row, the hint and buttons under. */}
      <DateInput
        name="from"
        label={t("audit.from")}
        defaultValue={f.from}
        values={typed}
        error={dateErrors?.from}
        key={`from-${f.from}`}
        className="lg:col-span-2"
      />
      <DateInput
        name="to"
        label={t("audit.to")}
        defaultValue={f.to}
        values={typed}
        error={dateErrors?.to}
        key={`to-${f.to}`}
        className="lg:col-span-2"
      />
      <p id="audit-dates-hint" className="text-xs text-muted-foreground sm:col-span-2 lg:col-span-3 lg:self-center">
        {t("audit.datesHint")}
      </p>
      <div className="flex gap-2 lg:justify-end">
        <button type="submit" className="btn btn-primary">
          {t("audit.apply")}
        </button>
        {filtered ? (
          <Link to={location.pathname} className="btn btn-ghost">
            {t("audit.clear")}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
