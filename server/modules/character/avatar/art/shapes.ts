/**
 * The drawing kit the artwork shares: one outline colour and width, so every layer looks like one drawing, and
 * the few anchor points where items sit on the body (the hands, the neck, the head's crown).
 */
export const INK = "#2b2135";
export const LINE = 6;

/** Where things are on the 512 × 512 canvas. */
export const ANCHOR = {
  /** The centre of the head and its radius. */
  head: { x: 256, y: 190, r: 88 },
  /** The hand that holds the main-hand item (the viewer's left). */
  mainHand: { x: 148, y: 378 },
  /** The hand that holds the off-hand item (the viewer's right). */
  offHand: { x: 364, y: 378 },
  /** The base of the neck, where an amulet's chain meets. */
  neck: { x: 256, y: 276 },
  /** The badge's disc, bottom right. */
  badge: { x: 428, y: 428, r: 50 },
} as const;

/** Outline attributes for a filled shape. */
export const ink = (fill: string, width: number = LINE) =>
  `fill="${fill}" stroke="${INK}" stroke-width="${width}" stroke-linejoin="round" stroke-linecap="round"`;

/** A filled shape's attributes without an outline (shading, highlights). */
export const flat = (fill: string, opacity?: number) => `fill="${fill}"${opacity === undefined ? "" : ` opacity="${opacity}"`}`;

/** A five-pointed star centred on (cx, cy). */
export function starPath(cx: number, cy: number, outer: number, inner: number): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return `M${points.join("L")}Z`;
}
