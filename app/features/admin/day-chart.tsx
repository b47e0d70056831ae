import { useDateFormat } from "#app/lib/use-date-format";

export type DaySeries = {
  label: string;
  /** Text colour class the bars are drawn in (`currentColor`). */
  className: string;
};

/**
 * Counts per day as bars (one bar per series, side by side), with the same numbers in a table under a
 * disclosure, for screen readers and print. The quick view's sign-ups and the forum overview's threads and
 * posts use it.
 */
export function DayChart({
  id,
  caption,
  tableCaption,
  showTableLabel,
  dayLabel,
  series,
  days,
}: {
  /** Prefix of the element ids (two charts on a page need different ones). */
  id: string;
  caption: string;
  tableCaption: string;
  showTableLabel: string;
  dayLabel: string;
  series: DaySeries[];
  /** Oldest first; `counts` in the order of `series`. */
  days: { day: string; counts: number[] }[];
}) {
  const { date } = useDateFormat();
  const max = Math.max(1, ...days.flatMap((d) => d.counts));
  const bar = series.length > 1 ? 6 : 12;
  const w = bar * series.length;
  const gap = 4;
  const h = 120;
  const captionId = `${id}-caption`;
  if (!days.length) return null;
  return (
    <figure className="card p-5">
      <figcaption id={captionId} className="font-semibold">
        {caption}
      </figcaption>
      {series.length > 1 ? (
        <ul className="mt-2 flex flex-wrap gap-4 text-sm" aria-hidden="true">
          {series.map((s) => (
            <li key={s.label} className="flex items-center gap-2">
              <span className={`inline-block h-3 w-3 rounded-sm bg-current ${s.className}`} />
              {s.label}
            </li>
          ))}
        </ul>
      ) : null}
      <svg
        role="img"
        aria-labelledby={captionId}
        viewBox={`0 0 ${days.length * (w + gap)} ${h + 2}`}
        className="mt-4 h-32 w-full"
        preserveAspectRatio="none"
      >
        {days.map((d, i) =>
          series.map((s, k) => {
            const n = d.counts[k] ?? 0;
            const bh = n === 0 ? 1 : Math.max(3, (n / max) * h);
            return (
              <rect
                key={`${d.day}-${k}`}
                x={i * (w + gap) + k * bar}
                y={h - bh}
                width={bar}
                height={bh}
                rx={2}
                fill="currentColor"
                className={s.className}
                opacity={n === 0 ? 0.25 : 1}
              >
                <title>{`${date(d.day)} · ${s.label}: ${n}`}</title>
              </rect>
            );
          }),
        )}
      </svg>
      <div className="mt-1 flex justify-between text-xs text-muted-foreground" aria-hidden="true">
        <span>{date(days[0]!.day)}</span>
        <span>{date(days.at(-1)!.day)}</span>
      </div>
      <details className="mt-3">
        <summary className="cursor-pointer py-1 text-sm font-semibold">{showTableLabel}</summary>
        {/* Focusable, so the scrolling table can be read with the keyboard. */}
        <div className="relative mt-2 max-h-72 overflow-auto" tabIndex={0} role="region" aria-label={tableCaption}>
          <table className="w-full text-sm">
            <caption className="sr-only">{tableCaption}</caption>
            <thead>
              <tr className="text-left">
                <th scope="col" className="py-1 pr-4">
                  {dayLabel}
                </th>
                {series.map((s) => (
                  <th key={s.label} scope="col" className="py-1 pl-4 text-right">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day} className="border-t border-border">
                  <th scope="row" className="py-1 pr-4 text-left font-normal">
                    {date(d.day)}
                  </th>
                  {series.map((s, k) => (
                    <td key={s.label} className="py-1 pl-4 text-right tabular-nums">
                      {d.counts[k] ?? 0}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
