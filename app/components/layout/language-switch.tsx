import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { LOCALES, localizedPath } from "#shared/locales";
import { useLocalePath } from "#app/lib/use-locale";

/** Español / English: the same page in the other language. A full load, so the server sets the cookie. */
export function LanguageSwitch({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  const { locale } = useLocalePath();
  const location = useLocation();
  return (
    <ul aria-label={t("language.label")} className={`items-center gap-1 text-sm ${className}`}>
      {LOCALES.map((l) => (
        <li key={l}>
          <a
            href={localizedPath(location.pathname, l) + location.search}
            hrefLang={l}
            lang={l}
            aria-current={l === locale ? "true" : undefined}
            className={`rounded-md px-2 py-1 no-underline ${l === locale ? "bg-muted font-semibold text-primary" : "hover:bg-muted"}`}
          >
            {t(`language.${l}`)}
          </a>
        </li>
      ))}
    </ul>
  );
}
