import { linear, svg } from "./svg";

/** The demo studios' marks: simple emblems (no lettering), 256×256. */
export type LogoKind = "breeze" | "north-star";

export function logoSvg(kind: LogoKind): string {
  if (kind === "breeze") {
    // Estudio Brisa: three gusts of wind carrying a leaf, on a tile from sea-teal to violet.
    const defs = linear(
      "tile",
      [
        [0, "#0e7490"],
        [1, "#5b21b6"],
      ],
      [0, 0, 1, 1],
    );
    return svg(
      defs,
      `<rect width="256" height="256" rx="56" fill="url(#tile)"/>` +
        `<g fill="none" stroke="#f8fafc" stroke-width="16" stroke-linecap="round">` +
        `<path d="M44,104 H150 a26,26 0 1 0 -26,-26"/><path d="M44,142 H186 a30,30 0 1 1 -30,30"/><path d="M64,180 H116"/></g>` +
        `<path d="M176,66 C200,48 222,52 230,58 C226,84 206,100 178,96 C174,86 172,76 176,66 Z" fill="#a3e635"/><path d="M180,92 L222,60" stroke="#365314" stroke-width="4" stroke-linecap="round"/>`,
      256,
      256,
    );
  }
  // Northwind Pixel: a pixel north star inside a compass ring.
  const px = ["....#....", "....#....", "...###...", "..#####..", "#########", "..#####..", "...###...", "....#....", "....#...."];
  const cells = px
    .flatMap((row, y) => [...row].map((c, x) => (c === "#" ? `<rect x="${56 + x * 16}" y="${56 + y * 16}" width="16" height="16"/>` : "")))
    .join("");
  const ticks = Array.from({ length: 16 }, (_, i) => {
    const a = (i * Math.PI) / 8;
    const r1 = i % 4 === 0 ? 100 : 108;
    return `<line x1="${(128 + Math.sin(a) * r1).toFixed(1)}" y1="${(128 - Math.cos(a) * r1).toFixed(1)}" x2="${(128 + Math.sin(a) * 118).toFixed(1)}" y2="${(128 - Math.cos(a) * 118).toFixed(1)}"/>`;
  }).join("");
  return svg(
    linear("disc", [
      [0, "#1e3a8a"],
      [1, "#0b1633"],
    ]),
    `<circle cx="128" cy="128" r="126" fill="url(#disc)"/><g stroke="#67e8f9" stroke-width="6" stroke-linecap="round">${ticks}</g>` +
      `<g fill="#fbbf24" shape-rendering="crispEdges">${cells}</g><rect x="120" y="120" width="16" height="16" fill="#fff7ed" shape-rendering="crispEdges"/>`,
    256,
    256,
  );
}
