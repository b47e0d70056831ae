import { createHash } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { projectRoot } from "#server/paths";
import type { Storage } from "#server/platform/storage";
import { capsuleSvg, type Lockup } from "./capsule";
import { coverSvg } from "./cover";
import { logoSvg, type LogoKind } from "./logo";
import type { WorldName } from "./scenes";
import { screenshotSvg } from "./screenshot";

/**
 * The demo's artwork, drawn for this project (see LICENSE.md beside this file): each demo game's cover, capsule
 * and screenshots, and each demo studio's logo, as SVG made here and rasterised to WEBP by sharp when the demo is
 * seeded.
 */

type GameArt = { world: WorldName; accent: string; lockup: Omit<Lockup, "title"> };

/** Every demo game with art, by slug: the featured games, the campaign games and the review queue's submissions. */
export const DEMO_GAME_ART: Record<string, GameArt & { title: string }> = {
  "hollow-pines": {
    title: "Hollow Pines",
    world: "forest",
    accent: "#fbbf24",
    lockup: { tagline: "Estudio Brisa", ink: "#fef3c7", glow: "#fcd34d", serif: true },
  },
  "ember-and-tide": {
    title: "Ember & Tide",
    world: "coast",
    accent: "#f97316",
    lockup: { tagline: "Tidal Forge", ink: "#fff7ed", glow: "#fb923c", serif: false },
  },
  "starfall-courier": {
    title: "Starfall Courier",
    world: "sky",
    accent: "#f0abfc",
    lockup: { tagline: "Estudio Brisa", ink: "#fdf4ff", glow: "#f0abfc", serif: false },
  },
  "faro-de-niebla": {
    title: "Faro de Niebla",
    world: "fog",
    accent: "#fde68a",
    lockup: { tagline: "Estudio Brisa", ink: "#f8fafc", glow: "#fde68a", serif: true },
  },
  "huerto-lunar": {
    title: "Huerto Lunar",
    world: "moon",
    accent: "#a3e635",
    lockup: { tagline: "Estudio Brisa", ink: "#ecfccb", glow: "#a3e635", serif: false },
  },
  mossbound: {
    title: "Mossbound",
    world: "ruin",
    accent: "#9bd16b",
    lockup: { tagline: "Northwind Pixel", ink: "#ecfccb", glow: "#a3e635", serif: true },
  },
  "paper-lanterns": {
    title: "Paper Lanterns",
    world: "lanterns",
    accent: "#fbbf24",
    lockup: { tagline: "Paper Lanterns", ink: "#fff7ed", glow: "#fbbf24", serif: false },
  },
};

/** The games waiting in the demo's review queue: sent through /collaborate, so a cover and screenshots each. */
export const DEMO_SUBMISSION_SLUGS = ["mossbound", "paper-lanterns"] as const;

/** The demo studios' marks, by company slug. */
export const DEMO_STUDIO_LOGOS: Record<string, LogoKind> = { "estudio-brisa": "breeze", "northwind-pixel": "north-star" };

export const SCREENSHOT_VIEWS = [1, 2, 3] as const;

export type ArtPiece = { name: string; svg: () => string; width: number; quality: number };

/** The pieces of one game's art: its cover and, for a featured game, its capsule and screenshots. */
export function gamePieces(slug: string, opts: { featured: boolean }): ArtPiece[] {
  const g = DEMO_GAME_ART[slug];
  if (!g) throw new Error(`no demo art for ${slug}`);
  const pieces: ArtPiece[] = [{ name: `${slug}-cover`, svg: () => coverSvg(g.world), width: 1280, quality: 72 }];
  if (opts.featured) {
    pieces.push({ name: `${slug}-capsule`, svg: () => capsuleSvg(g.world, { title: g.title, ...g.lockup }), width: 960, quality: 72 });
    for (const v of SCREENSHOT_VIEWS)
      pieces.push({ name: `${slug}-shot-${v}`, svg: () => screenshotSvg(g.world, v, g.accent), width: 1280, quality: 70 });
  }
  return pieces;
}

/** A submission's pieces: what a studio sends on /collaborate, its image and screenshots (no capsule). */
export function submissionPieces(slug: string): ArtPiece[] {
  return gamePieces(slug, { featured: true }).filter((p) => !p.name.endsWith("-capsule"));
}

export function logoPiece(companySlug: string): ArtPiece {
  const kind = DEMO_STUDIO_LOGOS[companySlug];
  if (!kind) throw new Error(`no demo logo for ${companySlug}`);
  return { name: `${companySlug}-logo`, svg: () => logoSvg(kind), width: 256, quality: 80 };
}

/** One piece as WEBP at its width. */
export async function rasterise(piece: ArtPiece): Promise<Uint8Array> {
  const img = sharp(Buffer.from(piece.svg()));
  const sized = piece.width === 1280 || piece.width === 256 ? img : img.resize({ width: piece.width });
  return new Uint8Array(await sized.webp({ quality: piece.quality, effort: 2 }).toBuffer());
}

/** Where the build leaves the demo's pictures ready (`prerenderDemoArt`), so a seed only copies them. */
export const DEMO_ART_FOLDER = join(projectRoot, "build/demo-art");

/** A piece's file name: a hash of its drawing in it, so a changed drawing gets a new address (and file). */
function fileName(p: ArtPiece): string {
  return `${p.name}-${createHash("sha256").update(p.svg()).update(String(p.width)).digest("hex").slice(0, 10)}.webp`;
}

/**
 * Stores the pieces under `demo/` (the year-long cache of /media/ never shows an old drawing: the name carries
 * its hash). Rasterising all of them costs most of a second, and the end-to-end servers seed one database per
 * worker, so a piece the build already drew is copied instead. Returns the URLs by piece name.
 */
export async function storeDemoArt(storage: Storage, pieces: ArtPiece[]): Promise<Record<string, string>> {
  const urls: Record<string, string> = {};
  await Promise.all(
    pieces.map(async (p) => {
      const name = fileName(p);
      const bytes = await readFile(join(DEMO_ART_FOLDER, name)).then(
        (b) => new Uint8Array(b),
        () => rasterise(p),
      );
      urls[p.name] = await storage.put(`demo/${name}`, bytes, { contentType: "image/webp" });
    }),
  );
  return urls;
}

/** Every piece the demo seeds. */
export function allDemoPieces(): ArtPiece[] {
  return [
    ...["hollow-pines", "ember-and-tide", "starfall-courier"].flatMap((slug) => gamePieces(slug, { featured: true })),
    ...["faro-de-niebla", "huerto-lunar"].flatMap((slug) => gamePieces(slug, { featured: false })),
    ...DEMO_SUBMISSION_SLUGS.flatMap(submissionPieces),
    ...Object.keys(DEMO_STUDIO_LOGOS).map(logoPiece),
  ];
}

/** Run by the build: draws every piece into build/demo-art. */
export async function prerenderDemoArt(folder = DEMO_ART_FOLDER): Promise<number> {
  await mkdir(folder, { recursive: true });
  const pieces = allDemoPieces();
  await Promise.all(pieces.map(async (p) => writeFile(join(folder, fileName(p)), await rasterise(p))));
  return pieces.length;
}
