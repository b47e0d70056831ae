import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { LOCALES, localizedPath } from "#shared/locales";
import { useLocalePath } from "#app/lib/use-locale";

/**
 * Español / English: the same page in the other language. A full load, so the server sets the cookie.
 * `compact` (the header) shows the two-letter codes, with the names for screen readers.
 */
export function LanguageSwitch({ className = "", compact = false }: { className?: string; compact?: boolean }) {
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
            className={`inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-2 no-underline ${
              l === locale ? "bg-muted font-semibold text-primary" : "hover:bg-muted"
            }`}
          >
            {/* Compact: the code is seen and starts the name ("EN English"), so what is seen is what a voice user says (WCAG 2.5.3). */}
            {compact ? (
              <>
                {l.toUpperCase()}
                <span className="sr-only"> {t(`language.${l}`)}</span>
              </>
            ) : (
              t(`language.${l}`)
            )}
          </a>
        </li>
      ))}
    </ul>
  );
}
