import { createInstance, type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { FALLBACK_LOCALE, type Locale } from "#shared/locales";
import { namespaces, resources } from "./resources.server";

const instances = new Map<Locale, I18n>();

/** One ready instance per language, reused across requests (translations are read-only). */
export function serverI18n(locale: Locale): I18n {
  let inst = instances.get(locale);
  if (!inst) {
    inst = createInstance();
    inst.use(initReactI18next).init({
      lng: locale,
      fallbackLng: FALLBACK_LOCALE,
      supportedLngs: ["es", "en"],
      resources,
      ns: namespaces,
      defaultNS: "common",
      interpolation: { escapeValue: false },
      initAsync: false,
      react: { useSuspense: false },
    });
    instances.set(locale, inst);
  }
  return inst;
}

export const serverT = (locale: Locale, ns = "common") => serverI18n(locale).getFixedT(locale, ns);
