/**
 * Small drawing helpers for the demo's artwork (original to the project): a seeded random source, so the same
 * game always gets the same picture, and the shapes the scenes are built from. Everything is plain SVG text that
 * sharp rasterises; nothing here runs in the browser.
 */

export const W = 1280;
export const H = 720;

/** A repeatable random source (mulberry32): the art is the same on every seed and every machine. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r1 = (n: number) => Math.round(n * 10) / 10;

export const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A vertical (or any direction) linear gradient definition. */
export function linear(id: string, stops: [number, string, number?][], dir: [number, number, number, number] = [0, 0, 0, 1]): string {
  const s = stops.map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? "" : ` stop-opacity="${a}"`}/>`).join("");
  return `<linearGradient id="${id}" x1="${dir[0]}" y1="${dir[1]}" x2="${dir[2]}" y2="${dir[3]}">${s}</linearGradient>`;
}

/** A radial glow: a colour fading to nothing. */
export function glow(id: string, color: string, opacity = 1): string {
  return `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;
}

/** A hill or mountain line across the picture, closed at the bottom: the layers of a landscape. */
export function ridge(
  rand: () => number,
  o: { y: number; amp: number; step: number; fill: string; jag?: number; opacity?: number },
): string {
  const pts: string[] = [];
  let y = o.y + (rand() - 0.5) * o.amp;
  for (let x = -20; x <= W + o.step; x += o.step) {
    y += (rand() - 0.5) * o.amp * (o.jag ?? 0.6);
    y = Math.max(o.y - o.amp, Math.min(o.y + o.amp, y));
    pts.push(`${r1(x)},${r1(y)}`);
  }
  return `<path d="M-20,${H + 10} L${pts.join(" L")} L${W + 40},${H + 10} Z" fill="${o.fill}"${o.opacity === undefined ? "" : ` opacity="${o.opacity}"`}/>`;
}

/** Rolling sea or dunes: a smooth wave line closed at the bottom. */
export function wave(o: { y: number; amp: number; len: number; phase: number; fill: string; opacity?: number }): string {
  let d = `M-20,${H + 10} L-20,${r1(o.y)}`;
  for (let x = -20; x <= W + o.len; x += o.len / 2) {
    const up = Math.round(x / (o.len / 2)) % 2 === 0 ? -1 : 1;
    d += ` Q${r1(x + o.len / 4 + o.phase)},${r1(o.y + up * o.amp)} ${r1(x + o.len / 2)},${r1(o.y)}`;
  }
  return `<path d="${d} L${W + o.len},${H + 10} Z" fill="${o.fill}"${o.opacity === undefined ? "" : ` opacity="${o.opacity}"`}/>`;
}

/** A pine tree: three stacked triangles on a trunk, base at (x, y). */
export function pine(x: number, y: number, h: number, fill: string): string {
  const w = h * 0.42;
  const tiers = [0, 0.3, 0.55].map((t, i) => {
    const top = y - h + t * h;
    const bottom = y - h * 0.12 - (2 - i) * h * 0.18;
    const half = w * (0.55 + i * 0.22);
    return `M${r1(x)},${r1(top)} L${r1(x + half)},${r1(bottom)} L${r1(x - half)},${r1(bottom)} Z`;
  });
  return `<path d="${tiers.join(" ")} M${r1(x - h * 0.03)},${r1(y - h * 0.16)} h${r1(h * 0.06)} V${y} h${r1(-h * 0.06)} Z" fill="${fill}"/>`;
}

/** A band of pines along a line, their heights varied. */
export function pineRow(rand: () => number, o: { y: number; h: number; gap: number; fill: string; jitter?: number }): string {
  let out = "";
  for (let x = -30; x < W + 30; x += o.gap * (0.6 + rand() * 0.8)) {
    out += pine(x, o.y + (rand() - 0.5) * (o.jitter ?? 10), o.h * (0.65 + rand() * 0.6), o.fill);
  }
  // The ground under the row hides the trunks, which would read as a fence at this size.
  return out + `<rect x="-10" y="${r1(o.y - o.h * 0.14)}" width="${W + 20}" height="${r1(H - o.y + o.h * 0.14 + 12)}" fill="${o.fill}"/>`;
}

/** Stars above `maxY`: small dots, a few brighter. */
export function stars(rand: () => number, n: number, maxY: number, color = "#ffffff"): string {
  let out = "";
  for (let i = 0; i < n; i++) {
    const big = rand() < 0.12;
    out += `<circle cx="${r1(rand() * W)}" cy="${r1(rand() * maxY)}" r="${big ? 2.2 : r1(0.6 + rand())}" fill="${color}" opacity="${r1(0.35 + rand() * 0.65)}"/>`;
  }
  return out;
}

/** A soft cloud or fog puff built from overlapping ellipses. */
export function cloud(x: number, y: number, s: number, fill: string, opacity: number): string {
  return `<g fill="${fill}" opacity="${opacity}"><ellipse cx="${x}" cy="${y}" rx="${r1(s)}" ry="${r1(s * 0.32)}"/><ellipse cx="${r1(x - s * 0.45)}" cy="${r1(y + s * 0.05)}" rx="${r1(s * 0.5)}" ry="${r1(s * 0.24)}"/><ellipse cx="${r1(x + s * 0.4)}" cy="${r1(y - s * 0.08)}" rx="${r1(s * 0.55)}" ry="${r1(s * 0.3)}"/></g>`;
}

/** The finished picture. */
export function svg(defs: string, body: string, w = W, h = H): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs}</defs>${body}</svg>`;
}
