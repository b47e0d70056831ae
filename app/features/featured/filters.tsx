import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { FilterSelect } from "#app/components/ui/filter-select";
import { useLocalePath } from "#app/lib/use-locale";
import { PLATFORMS, RELEASE_STATUSES } from "#shared/promotions";

export type FeaturedFilterValues = { release: string | null; platform: string | null };

/** /featured-games with these filters and page (page 1 and empty filters left out). */
export function featuredQuery(f: { release?: string | null; platform?: string | null; page?: number }): string {
  const p = new URLSearchParams();
  if (f.release) p.set("release", f.release);
  if (f.platform) p.set("platform", f.platform);
  if (f.page && f.page > 1) p.set("page", String(f.page));
  const qs = p.toString();
  return `/featured-games${qs ? `?${qs}` : ""}`;
}

/** The list's filters: a GET form (shareable addresses, works without JavaScript) of release status and platform. */
export function FeaturedFilters({ filters }: { filters: FeaturedFilterValues }) {
  const { t } = useTranslation("featured");
  const { to } = useLocalePath();
  const fields = [
    { name: "release", values: RELEASE_STATUSES, label: (v: string) => t(`promotions:labels.releaseStatus.${v}`) },
    { name: "platform", values: PLATFORMS, label: (v: string) => t(`platforms.${v}`) },
  ] as const;
  return (
    <Form method="get" action={to("/featured-games")} className="flex flex-wrap items-end gap-3" aria-label={t("list.filters.label")}>
      {fields.map((f) => (
        <FilterSelect
          key={f.name}
          name={f.name}
          label={t(`list.filters.${f.name}`)}
          anyLabel={t("list.filters.any")}
          value={filters[f.name]}
          options={f.values.map((v) => ({ value: v, label: f.label(v) }))}
        />
      ))}
      <button type="submit" className="btn btn-outline">
        {t("list.filters.apply")}
      </button>
      {filters.release || filters.platform ? (
        <Link className="link inline-flex min-h-11 items-center text-sm" to={to("/featured-games")}>
          {t("list.filters.clear")}
        </Link>
      ) : null}
    </Form>
  );
}
