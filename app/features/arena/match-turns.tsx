import { useTranslation } from "react-i18next";
import { TableFrame } from "#app/components/ui/table";
import { useLocalePath } from "#app/lib/use-locale";
import type { Turn } from "#server/modules/character";
import { formatWhole } from "./numbers";

/** The match turn by turn, as a table a screen reader can walk: who struck, the blow, both fighters' health after it. */
export function MatchTurns({ turns, names, maxHp }: { turns: Turn[]; names: { a: string; b: string }; maxHp: { a: number; b: number } }) {
  const { t } = useTranslation("arena");
  const { locale } = useLocalePath();
  const caption = t("match.turnsCaption", { count: turns.length });
  return (
    <TableFrame label={caption}>
      <table className="w-full text-left text-sm">
        <caption className="px-4 pt-4 text-left font-semibold">{caption}</caption>
        <thead className="border-b border-border text-xs uppercase text-muted-foreground">
          <tr>
            <th scope="col" className="px-2 py-3 sm:px-4">
              {t("match.columns.turn")}
            </th>
            <th scope="col" className="px-2 py-3 sm:px-4">
              {t("match.columns.attacker")}
            </th>
            <th scope="col" className="px-2 py-3 sm:px-4">
              {t("match.columns.blow")}
            </th>
            <th scope="col" className="px-2 py-3 text-right sm:px-4">
              {t("match.columns.hp", { name: names.a })}
            </th>
            <th scope="col" className="px-2 py-3 text-right sm:px-4">
              {t("match.columns.hp", { name: names.b })}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {turns.map((turn, i) => (
            <tr key={i}>
              <th scope="row" className="px-2 py-2 font-semibold tabular-nums sm:px-4">
                {i + 1}
              </th>
              <td className="px-2 py-2 break-all sm:px-4">{names[turn.attacker]}</td>
              <td className="px-2 py-2 sm:px-4">
                {turn.dodged
                  ? t("match.dodged", { defender: names[turn.defender] })
                  : t(turn.crit ? "match.crit" : "match.hit", { damage: formatWhole(turn.damage, locale) })}
              </td>
              <td
                className={`whitespace-nowrap px-2 py-2 text-right tabular-nums sm:px-4 ${turn.defender === "a" && !turn.dodged ? "font-semibold" : ""}`}
              >
                {formatWhole(turn.hpA, locale)} / {formatWhole(maxHp.a, locale)}
              </td>
              <td
                className={`whitespace-nowrap px-2 py-2 text-right tabular-nums sm:px-4 ${turn.defender === "b" && !turn.dodged ? "font-semibold" : ""}`}
              >
                {formatWhole(turn.hpB, locale)} / {formatWhole(maxHp.b, locale)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
