import { useTranslation } from "react-i18next";
import { Form, Link, useNavigate } from "react-router";
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
        <div key={f.name} className="space-y-1.5">
          <label htmlFor={`filter-${f.name}`} className="block text-sm font-semibold">
            {t(`list.filters.${f.name}`)}
          </label>
          <select
            id={`filter-${f.name}`}
            name={f.name}
            className="input"
            defaultValue={filters[f.name] ?? ""}
            key={`${f.name}-${filters[f.name] ?? ""}`}
          >
            <option value="">{t("list.filters.any")}</option>
            {f.values.map((v) => (
              <option key={v} value={v}>
                {t(`${f.label}.${v}`)}
              </option>
            ))}
          </select>
        </div>
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
