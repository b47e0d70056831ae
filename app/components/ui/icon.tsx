import type { CSSProperties } from "react";
import spriteUrl from "virtual:icon-sprite";
import type { IconName } from "./icons";

export type { IconName } from "./icons";

/** The sizes app.css draws with a class (`.i12` … `.i32`). */
const SIZE_CLASSES = new Set([12, 14, 16, 18, 20, 22, 24, 32]);

export type IconProps = {
  name: IconName;
  /** Width and height in px (24 by default, like Lucide); a `size-*` class overrides it. */
  size?: number;
  className?: string;
  strokeWidth?: number;
  /** `currentColor` fills the shape (a liked heart); outlines otherwise. */
  fill?: string;
  /** Only for an icon that stands alone as the name of something; an icon beside its text is decorative. */
  "aria-label"?: string;
};

/**
 * A Lucide icon drawn from the sprite (app/components/ui/icons.ts lists them; scripts/icon-sprite.ts builds it):
 * `<svg class="icon"><use href="/assets/icons-<hash>.svg#name"/></svg>`, about a hundred bytes a use. The stroke
 * (currentColor, 2 px, round caps and joins, no fill) is the `.icon` rule of app.css, so text colour classes apply.
 * Hidden from assistive technology unless it is given an accessible name.
 */
export function Icon({ name, size = 24, className, strokeWidth, fill, "aria-label": label }: IconProps) {
  const style: CSSProperties | undefined = strokeWidth !== undefined || fill !== undefined ? { strokeWidth, fill } : undefined;
  const a11y = label ? { role: "img", "aria-label": label } : { "aria-hidden": true as const };
  // The usual sizes are a class of app.css (`i16`: 18 bytes less than width and height, seventy times on a
  // thread page); a caller's size-* class wins over it; other sizes keep the attributes.
  const sized = SIZE_CLASSES.has(size) && !className?.includes("size-");
  const classes = ["icon", sized ? `i${size}` : null, className].filter(Boolean).join(" ");
  return (
    // No focusable="false": only Internet Explorer put an <svg> in the tab order (18 bytes a use).
    <svg className={classes} width={sized ? undefined : size} height={sized ? undefined : size} style={style} {...a11y}>
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
