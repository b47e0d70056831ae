import type { ReactNode } from "react";

const tones = {
  neutral: "border-border text-muted-foreground",
  info: "border-primary/50 text-primary",
  positive: "border-positive/50 text-positive",
  danger: "border-danger/50 text-danger",
  warning: "border-warning-text/50 bg-warning text-warning-text",
} as const;

export type BadgeTone = keyof typeof tones;

/** A short status or count beside a name ("Pinned", "Admin", "3 new"): a pill, text in the tone's colour (AA in both themes). */
export function Badge({ tone = "neutral", children, className = "" }: { tone?: BadgeTone; children: ReactNode; className?: string }) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-pill border px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${tones[tone]} ${className}`}
    >
      {children}
    </span>
  );
}
