import { useTranslation } from "react-i18next";
import { Form, Link, useNavigate } from "react-router";
import { FilterSelect } from "#app/components/ui/filter-select";
import { useHydrated } from "#app/features/notifications/use-hydrated";
import { useLocalePath } from "#app/lib/use-locale";
import { CONTENT_LANGUAGES, GENRES, PLATFORMS, REGIONS } from "#shared/campaigns";
import { campaignsQuery, type CampaignFilterValues } from "./query";

const FILTERS = [
  { name: "platform", values: PLATFORMS, label: "platforms" },
  { name: "genre", values: GENRES, label: "genres" },
  { name: "language", values: CONTENT_LANGUAGES, label: "languages" },
  { name: "region", values: REGIONS, label: "regions" },
] as const;

/**
 * The opportunities' filters: a GET form of select boxes (shareable addresses, works before JavaScript with its
 * Apply button); once the page runs, each choice applies at once and the button goes away.
 */
export function CampaignFilters({ filters }: { filters: CampaignFilterValues }) {
  const { t } = useTranslation("campaigns");
  const { to } = useLocalePath();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const filtered = FILTERS.some((f) => filters[f.name]);
  return (
    <Form
      method="get"
      className="flex flex-wrap items-end gap-3"
      aria-label={t("list.filters.label")}
      onChange={(e) => {
        const chosen = new FormData(e.currentTarget);
        const pick = (name: string) => String(chosen.get(name) ?? "") || undefined;
        void navigate(
          to(campaignsQuery({ platform: pick("platform"), genre: pick("genre"), language: pick("language"), region: pick("region") })),
          {
            preventScrollReset: true,
          },
        );
      }}
    >
      {FILTERS.map((f) => (
        <FilterSelect
          key={f.name}
          name={f.name}
          label={t(`list.filters.${f.name}`)}
          anyLabel={t("list.filters.any")}
          value={filters[f.name]}
          options={f.values.map((v) => ({ value: v, label: t(`${f.label}.${v}`) }))}
        />
      ))}
      {hydrated ? null : (
        <button type="submit" className="btn btn-outline">
          {t("list.filters.apply")}
        </button>
      )}
      {filtered ? (
        <Link className="link inline-flex min-h-11 items-center text-sm" to={to("/campaigns")}>
          {t("list.filters.clear")}
        </Link>
      ) : null}
    </Form>
  );
}
