import { WORLDS, type WorldName } from "./scenes";
import { esc, H, linear, svg, W } from "./svg";

export type Lockup = { title: string; tagline: string; ink: string; glow: string; serif: boolean };

/**
 * A game's capsule (the card picture, as a store's capsule): the key art with the title lettered across the
 * bottom — large, outlined so it reads on any part of the scene — and a short line above it.
 */
export function capsuleSvg(world: WorldName, l: Lockup): string {
  const { defs, body } = WORLDS[world](0);
  const title = l.title.toUpperCase();
  // Bold capitals are about 0.72 em (sans) and 0.8 em (serif) wide in these faces; the title fills at most 1,120 px.
  const size = Math.min(132, Math.floor(1120 / (title.length * (l.serif ? 0.8 : 0.72))));
  const family = l.serif ? "DejaVu Serif, Liberation Serif, Georgia, serif" : "DejaVu Sans, Liberation Sans, Arial, sans-serif";
  const shade = linear("shade", [
    [0, "#000", 0],
    [1, "#000", 0.78],
  ]);
  const lockup =
    `<rect y="${H * 0.45}" width="${W}" height="${H * 0.55}" fill="url(#shade)"/>` +
    `<text x="80" y="${H - 92 - size}" font-family="${family}" font-size="34" font-weight="700" letter-spacing="6" fill="${l.glow}">${esc(l.tagline.toUpperCase())}</text>` +
    `<rect x="80" y="${H - 78 - size}" width="120" height="5" rx="2" fill="${l.glow}"/>` +
    `<text x="76" y="${H - 64}" font-family="${family}" font-size="${size}" font-weight="900" letter-spacing="2" fill="${l.ink}" stroke="#0b0b14" stroke-width="${Math.round(size / 14)}" paint-order="stroke" stroke-linejoin="round">${esc(title)}</text>`;
  return svg(defs + shade, body + lockup);
}
