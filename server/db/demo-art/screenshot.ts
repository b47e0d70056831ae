import { WORLDS, type WorldName } from "./scenes";
import { H, svg, W } from "./svg";

/** The in-game overlay of a screenshot: health, a dialogue box, a hotbar, a compass — what a player sees. */
function hud(view: number, accent: string): string {
  const panel = `fill="#0b0b14" fill-opacity="0.62" stroke="${accent}" stroke-opacity="0.8" stroke-width="3"`;
  const bar = (x: number, y: number, w: number, o = 0.85) =>
    `<rect x="${x}" y="${y}" width="${w}" height="12" rx="6" fill="#f8fafc" opacity="${o}"/>`;
  const hearts = Array.from(
    { length: 5 },
    (_, i) =>
      `<path transform="translate(${48 + i * 44} 44)" d="M0,6 C0,-4 14,-6 16,4 C18,-6 32,-4 32,6 C32,16 16,26 16,28 C16,26 0,16 0,6 Z" fill="${i < 4 ? "#f43f5e" : "#475569"}" stroke="#0b0b14" stroke-width="3"/>`,
  ).join("");
  if (view === 1)
    return (
      hearts +
      `<rect x="160" y="520" width="960" height="150" rx="18" ${panel}/>` +
      `<rect x="190" y="498" width="200" height="44" rx="12" fill="${accent}"/>` +
      `<rect x="214" y="514" width="150" height="12" rx="6" fill="#0b0b14" opacity="0.8"/>` +
      bar(200, 570, 760) +
      bar(200, 602, 640) +
      bar(200, 634, 420, 0.6) +
      `<path d="M1070,630 l14,18 l14,-18 Z" fill="${accent}"/>`
    );
  if (view === 2) {
    const slots = Array.from({ length: 8 }, (_, i) => {
      const x = 392 + i * 64;
      const icon = ["#a3e635", "#fbbf24", "#60a5fa", "#f472b6", "#f97316", "", "", ""][i];
      return (
        `<rect x="${x}" y="626" width="56" height="56" rx="10" ${i === 1 ? `fill="#0b0b14" fill-opacity="0.7" stroke="${accent}" stroke-width="4"` : panel}/>` +
        (icon ? `<circle cx="${x + 28}" cy="654" r="14" fill="${icon}"/>` : "")
      );
    }).join("");
    return (
      hearts +
      slots +
      `<rect x="1040" y="36" width="200" height="200" rx="100" ${panel}/><path d="M1140,92 l10,24 l-10,-6 l-10,6 Z" fill="${accent}"/>` +
      `<circle cx="1100" cy="160" r="6" fill="#f8fafc"/><circle cx="1180" cy="130" r="6" fill="#fbbf24"/><circle cx="1160" cy="190" r="6" fill="#f8fafc" opacity="0.6"/>`
    );
  }
  return (
    `<rect x="440" y="28" width="400" height="44" rx="22" ${panel}/>` +
    [0, 1, 2, 3, 4, 5, 6]
      .map(
        (i) =>
          `<rect x="${470 + i * 56}" y="${i === 3 ? 38 : 44}" width="4" height="${i === 3 ? 24 : 12}" fill="${i === 3 ? accent : "#f8fafc"}"/>`,
      )
      .join("") +
    `<rect x="40" y="100" width="330" height="110" rx="14" ${panel}/>` +
    `<rect x="64" y="122" width="120" height="12" rx="6" fill="${accent}"/>` +
    bar(64, 150, 270, 0.8) +
    bar(64, 178, 200, 0.6) +
    `<circle cx="1180" cy="640" r="34" ${panel}/><rect x="1168" y="628" width="24" height="24" rx="4" fill="${accent}"/>` +
    bar(1000, 634, 140, 0.8)
  );
}

/** Screenshot `view` (1–3) of a game: another place in its world with the game's overlay on top. */
export function screenshotSvg(world: WorldName, view: number, accent: string): string {
  const { defs, body } = WORLDS[world](view);
  return svg(defs, `${body}<rect width="${W}" height="${H}" fill="#000" opacity="0.04"/>${hud(view, accent)}`);
}
