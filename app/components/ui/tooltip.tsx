import { useState } from "react";

/**
 * An icon that names itself in a tooltip. The icon is focusable and carries the name as its accessible name
 * (role img), so screen readers read it in place and keyboard users see the tooltip on focus, as pointer users
 * do on hover; the tooltip stays while the pointer moves onto it, and Escape hides it (WCAG 1.4.13). It opens
 * above the icon, towards the start of the line (the icon ends a short sentence in a narrow column).
 */
export function IconTooltip({ label, children, className = "" }: { label: string; children: React.ReactNode; className?: string }) {
  const [dismissed, setDismissed] = useState(false);
  return (
    <span className={`group relative inline-flex ${className}`} onPointerLeave={() => setDismissed(false)}>
      <span
        role="img"
        aria-label={label}
        tabIndex={0}
        className="inline-flex rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
        onKeyDown={(e) => {
          if (e.key === "Escape") setDismissed(true);
        }}
        onBlur={() => setDismissed(false)}
      >
        {children}
      </span>
      <span
        aria-hidden="true"
        className={`pointer-events-none invisible absolute bottom-full right-0 z-20 mb-2 w-max max-w-[12rem] rounded-md bg-foreground px-2 py-1 text-xs font-medium text-background opacity-0 shadow-lg transition-opacity group-hover:pointer-events-auto group-hover:visible group-hover:opacity-100 group-focus-within:visible group-focus-within:opacity-100 ${dismissed ? "hidden" : ""}`}
      >
        {label}
      </span>
    </span>
  );
}
