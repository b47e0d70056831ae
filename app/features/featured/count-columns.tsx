/** The four counts a featured game collects, in the order every table and chart shows them. */
export const GAME_COUNTS = ["views", "storeClicks", "trailerClicks", "campaignClicks"] as const;
export type GameCount = (typeof GAME_COUNTS)[number];

/** The counts' column heads, right-aligned over their figures. */
export function CountHeads({ label }: { label: (count: GameCount) => string }) {
  return GAME_COUNTS.map((k) => (
    <th key={k} scope="col" className="text-right">
      {label(k)}
    </th>
  ));
}

/** One row's counts, right-aligned in tabular figures (bold for a total). */
export function CountCells({
  row,
  format,
  bold = false,
}: {
  row: Record<GameCount, number>;
  format: (n: number) => string;
  bold?: boolean;
}) {
  return GAME_COUNTS.map((k) => (
    <td key={k} className={`text-right tabular-nums${bold ? " font-bold" : ""}`}>
      {format(row[k])}
    </td>
  ));
}
