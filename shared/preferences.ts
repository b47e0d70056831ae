/** Cookie formats shared by the server (to render without a flash) and the browser. */
export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = "dark";
export const THEME_COOKIE = "theme";
export const THEME_STORAGE_KEY = "theme";
export const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

export const parseTheme = (v: string | null | undefined): Theme =>
  (THEMES as readonly string[]).includes(v ?? "") ? (v as Theme) : DEFAULT_THEME;

/** SPEC §3 consent cookie value: essentials (always true), analytics (boolean). SPEC §9: 365 days. */
export type Consent = { essentials: true; analytics: boolean };
export const CONSENT_COOKIE = "cookie_consent";
export const CONSENT_MAX_AGE_SECONDS = 60 * 60 * 24 * 365;
export const CONSENT_EVENT = "analytics-consent-changed";

export function parseConsent(raw: string | null | undefined): Consent | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(decodeURIComponent(raw));
    if (v && typeof v === "object" && typeof v.analytics === "boolean") return { essentials: true, analytics: v.analytics };
  } catch {
    /* a malformed cookie counts as no choice made */
  }
  return null;
}
