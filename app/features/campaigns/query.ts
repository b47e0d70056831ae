/** The opportunities' filters as the address carries them. */
export type CampaignFilterValues = {
  platform?: string;
  genre?: string;
  language?: string;
  region?: string;
  page?: number;
};

/** /campaigns with these filters (empty ones and page 1 left out), unprefixed: pass it through `to()`. */
export function campaignsQuery(filters: CampaignFilterValues): string {
  const p = new URLSearchParams();
  for (const key of ["platform", "genre", "language", "region"] as const) {
    const v = filters[key];
    if (v) p.set(key, v);
  }
  if (filters.page && filters.page > 1) p.set("page", String(filters.page));
  const s = p.toString();
  return s ? `/campaigns?${s}` : "/campaigns";
}
