import { useEffect, useState } from "react";

/**
 * An icon that names itself in a tooltip. The icon is focusable and carries the name as its accessible name
 * (role img), so screen readers read it in place and keyboard users see the tooltip on focus, as pointer users
 * do on hover. The tooltip stays while the pointer moves onto it (no gap between icon and bubble: the space is
 * padding of the hoverable area), and Escape hides it wherever the focus is (WCAG 1.4.13). It opens above the
 * icon, towards the start of the line (the icon ends a short sentence in a narrow column).
 */
export function IconTooltip({ label, children, className = "" }: { label: string; children: React.ReactNode; className?: string }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const open = (hovered || focused) && !dismissed;

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setDismissed(true);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <span
      className={`group relative inline-flex ${className}`}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => {
        setHovered(false);
        setDismissed(false);
      }}
    >
      <span
        role="img"
        aria-label={label}
        tabIndex={0}
        className="inline-flex rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          setDismissed(false);
        }}
      >
        {children}
      </span>
      {/* Without JavaScript the CSS hover/focus rules still show it; with it, `dismissed` can hide it. */}
      <span
        aria-hidden="true"
        className={`pointer-events-none invisible absolute bottom-full right-0 z-20 pb-2 opacity-0 transition-opacity group-hover:pointer-events-auto group-hover:visible group-hover:opacity-100 group-focus-within:visible group-focus-within:opacity-100 ${dismissed ? "hidden" : ""}`}
      >
        <span className="block w-max max-w-[12rem] rounded-md bg-foreground px-2 py-1 text-xs font-medium text-background shadow-lg">
          {label}
        </span>
      </span>
    </span>
  );
}
