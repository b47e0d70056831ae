import { createInstance, type BackendModule, type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { i18nAssetPath, type I18nBoot } from "#shared/i18n-assets";

/**
 * Loads a namespace by its hashed file name (kept by the browser for a year), or by its plain name when the page
 * did not know its hash; i18next retries it 5 times from 350 ms, doubling (SPEC §9).
 */
function fetchBackend(boot: I18nBoot): BackendModule {
  return {
    type: "backend",
    init() {},
    read(lng, ns, callback) {
      const hash = lng === boot.locale ? boot.hashes[ns] : undefined;
      fetch(hash ? i18nAssetPath(boot.locale, ns, hash) : `/locales/${lng}/${ns}.json`)
        .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`HTTP ${r.status}`))))
        .then((data) => callback(null, data))
        .catch((err) => callback(err, true));
    },
  };
}

export async function createClientI18n(boot: I18nBoot, opts: { reportMissing: boolean }): Promise<I18n> {
  const i18n = createInstance();
  await i18n
    .use(fetchBackend(boot))
    .use(initReactI18next)
    .init({
      lng: boot.locale,
      // en and es keep the same keys (checked in CI), so the browser needs only its own language, unless the
      // language is flagged for missing keys (SPEC §9): then missing texts come from English, as on the server.
      fallbackLng: boot.englishFallback ? "en" : false,
      supportedLngs: ["es", "en"],
      // The page's namespaces load before hydration (the <head> preloaded them); others when a page needs them.
      ns: boot.ns,
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
