import { useEffect, useState } from "react";
import { Icon, type IconName } from "#app/components/ui/icon";
import { useDisclosureMenu } from "#app/components/ui/use-disclosure-menu";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { HEADER_ICON_BUTTON } from "./nav";
import { THEME_STORAGE_KEY, THEMES, type Theme } from "#shared/preferences";

const icons: Record<Theme, IconName> = { light: "sun", dark: "moon", system: "monitor" };

export function applyTheme(theme: Theme) {
  const dark = theme === "dark" || (theme === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.classList.toggle("dark", dark);
  document.documentElement.dataset.theme = theme;
}

/**
 * Light, dark or system. A form posting to the server (so it works before JavaScript); with JavaScript the
 * change applies at once and is kept in local storage and in the cookie the server renders from.
 */
export function ThemeSwitcher({ theme: initial }: { theme: Theme }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [theme, setTheme] = useState<Theme>(initial);
  const ref = useDisclosureMenu();

  useEffect(() => {
    if (theme !== "system") return;
    const mq = window.matchMedia("(prefers-color-scheme: dark)");
    const onChange = () => applyTheme("system");
    mq.addEventListener("change", onChange);
    return () => mq.removeEventListener("change", onChange);
  }, [theme]);

  async function choose(e: React.FormEvent<HTMLFormElement>) {
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const next = submitter?.value as Theme | undefined;
    if (!next) return;
    e.preventDefault();
    setTheme(next);
    applyTheme(next);
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      /* storage may be unavailable (private mode); the cookie still holds the choice */
    }
    if (ref.current) ref.current.open = false;
    await fetch("/api/v1/site/theme", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ theme: next }),
    }).catch(() => undefined);
  }

  return (
    <details ref={ref} className="relative">
      <summary className={HEADER_ICON_BUTTON} aria-label={`${t("theme.label")}: ${t(`theme.${theme}`)}`}>
        <Icon name={icons[theme]} size={20} />
      </summary>
      <form method="post" action="/api/v1/site/theme" onSubmit={choose} className="card absolute right-0 mt-2 w-40 p-1 shadow-lg">
        <input type="hidden" name="returnTo" value={location.pathname + location.search} />
        <fieldset>
          <legend className="px-2 py-1 text-xs font-semibold text-muted-foreground">{t("theme.label")}</legend>
          {THEMES.map((option) => {
            return (
              <button
                key={option}
                type="submit"
                name="theme"
                value={option}
                aria-pressed={option === theme}
                className={`flex w-full items-center gap-2 rounded-md px-2 py-2 text-left text-sm hover:bg-muted ${option === theme ? "font-semibold text-primary" : ""}`}
              >
                <Icon name={icons[option]} size={16} />
                {t(`theme.${option}`)}
              </button>
            );
          })}
        </fieldset>
      </form>
    </details>
  );
}
