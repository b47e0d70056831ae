import { WORLDS, type WorldName } from "./scenes";
import { H, linear, svg, W } from "./svg";

/** A game's cover: its world's key art, darkened at the edges so the eye goes to the middle. */
export function coverSvg(world: WorldName): string {
  const { defs, body } = WORLDS[world](0);
  const vignette = `<radialGradient id="vig" cx="0.5" cy="0.5" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></radialGradient>`;
  return svg(defs + vignette + linear("none", [[0, "#000", 0]]), `${body}<rect width="${W}" height="${H}" fill="url(#vig)"/>`);
}
