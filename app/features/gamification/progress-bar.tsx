/**
 * A progress bar for assistive technology and the eye: role "progressbar" with its name, bounds and the value
 * in words (`valueText`, e.g. "120 of 150 XP to level 4"). The fill's colour defaults to the primary one.
 */
export function ProgressBar({
  value,
  min = 0,
  max,
  label,
  valueText,
  fillClassName = "bg-primary",
  className = "",
}: {
  value: number;
  min?: number;
  max: number;
  label: string;
  valueText: string;
  fillClassName?: string;
  className?: string;
}) {
  const percent = max > min ? Math.max(0, Math.min(100, ((value - min) * 100) / (max - min))) : 100;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuenow={Math.max(min, Math.min(max, value))}
      aria-valuetext={valueText}
      className={`h-2.5 w-full overflow-hidden rounded-full border border-border bg-muted ${className}`}
    >
      <div className={`h-full rounded-full ${fillClassName}`} style={{ width: `${percent}%` }} />
    </div>
  );
}
