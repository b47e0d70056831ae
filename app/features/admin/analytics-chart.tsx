import { useEffect, useRef, useState } from "react";
import uplotCss from "uplot/dist/uPlot.min.css?url";

export type ChartSeries = { label: string; color: string; values: number[] };

/**
 * The daily chart of /admin/analytics, drawn with uPlot. The library and its stylesheet load only here, in an
 * effect (never on public pages, never on the server); the table next to it is the accessible equivalent and
 * what a page without JavaScript shows, so the canvas is hidden from assistive technology.
 */
export function AnalyticsChart({
  days,
  series,
  label,
  dayLabel,
}: {
  days: string[];
  series: ChartSeries[];
  label: string;
  dayLabel: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let chart: { destroy(): void; setSize(s: { width: number; height: number }): void } | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    if (!document.querySelector(`link[data-uplot]`)) {
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = uplotCss;
      link.dataset.uplot = "";
      document.head.appendChild(link);
    }
    void import("uplot").then(({ default: UPlot }) => {
      if (cancelled) return;
      const ink = getComputedStyle(el).color;
      const grid = "rgba(127,127,127,0.25)";
      const size = () => ({ width: Math.max(240, el.clientWidth), height: 260 });
      const xs = days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
      const axis = { stroke: ink, grid: { stroke: grid }, ticks: { stroke: grid } };
      chart = new UPlot(
        {
          ...size(),
          tzDate: (ts: number) => UPlot.tzDate(new Date(ts * 1000), "Etc/UTC"),
          scales: { x: { time: true } },
          axes: [axis, axis],
          legend: { show: true },
          series: [
            { label: dayLabel },
            ...series.map((s) => ({ label: s.label, stroke: s.color, width: 2, points: { show: days.length <= 31 } })),
          ],
        },
        [xs, ...series.map((s) => s.values)],
        el,
      );
      observer = new ResizeObserver(() => chart?.setSize(size()));
      observer.observe(el);
      setReady(true);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [days, series, dayLabel]);
  return (
    <figure className="card overflow-hidden p-4" aria-hidden="true" data-chart-ready={ready || undefined}>
      <figcaption className="mb-2 text-sm font-semibold">{label}</figcaption>
      <div ref={box} className="min-h-[260px] w-full text-foreground" />
    </figure>
  );
}
