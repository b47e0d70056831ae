import { useTranslation } from "react-i18next";
import { TabNav } from "#app/components/ui/tabs";
import { useLocalePath } from "#app/lib/use-locale";

/** The arena's two pages as tabs. */
export function ArenaNav() {
  const { t } = useTranslation("arena");
  const { to } = useLocalePath();
  return (
    <TabNav
      label={t("nav.label")}
      items={[
        { to: to("/arena"), label: t("nav.arena") },
        { to: to("/arena/leaderboard"), label: t("nav.leaderboard") },
      ]}
    />
  );
}
