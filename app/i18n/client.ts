import { createInstance, type BackendModule, type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import type { Locale } from "#shared/locales";

/** Loads a namespace the page did not arrive with; i18next retries it 5 times from 350 ms, doubling (SPEC §9). */
const fetchBackend: BackendModule = {
  type: "backend",
  init() {},
  read(lng, ns, callback) {
    fetch(`/locales/${lng}/${ns}.json`)
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`HTTP ${r.status}`))))
      .then((data) => callback(null, data))
      .catch((err) => callback(err, true));
  },
};

export type I18nBoot = { locale: Locale; resources: Record<string, Record<string, unknown>>; reportMissing?: boolean };

export async function createClientI18n(boot: I18nBoot, opts: { reportMissing: boolean }): Promise<I18n> {
  const i18n = createInstance();
  await i18n
    .use(fetchBackend)
    .use(initReactI18next)
    .init({
      lng: boot.locale,
      // en and es keep the same keys (checked in CI), so the browser needs only its own language.
      fallbackLng: false,
      supportedLngs: ["es", "en"],
      resources: { [boot.locale]: boot.resources },
      partialBundledLanguages: true,
      ns: Object.keys(boot.resources),
      defaultNS: "common",
      interpolation: { escapeValue: false },
      maxRetries: 5,
      retryTimeout: 350,
      react: { useSuspense: true },
      saveMissing: opts.reportMissing,
      missingKeyHandler: opts.reportMissing
        ? (lngs, namespace, key) => {
            void fetch("/api/v1/site/i18n-missing", {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ lang: lngs[0] ?? boot.locale, namespace, key, route: window.location.pathname }),
            }).catch(() => undefined);
          }
        : undefined,
    });
  return i18n;
}
