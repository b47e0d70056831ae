import sharp from "sharp";
import { composeAvatar, type AvatarLoadout } from "./compose-avatar";

/** The rendered avatar's side in pixels: large on /account/avatar, scaled down by the browser elsewhere. */
export const AVATAR_RENDER_SIZE = 256;

export type RasterisedAvatar = { png: Buffer; webp: Buffer; size: number };

/**
 * Turns an avatar SVG into a PNG and a WebP of `size` pixels with sharp (librsvg). The SVG is drawn at that size
 * directly (its width and height), so nothing larger is rasterised and scaled down; one decode feeds both
 * encoders. PNG at a low zlib effort and WebP at effort 2 keep a render at a few milliseconds.
 */
export async function rasteriseSvg(svg: string, size: number = AVATAR_RENDER_SIZE): Promise<RasterisedAvatar> {
  const image = sharp(Buffer.from(svg), { density: 72 }).resize(size, size, { fit: "fill" });
  const [png, webp] = await Promise.all([
    image.clone().png({ compressionLevel: 6, effort: 1 }).toBuffer(),
    image.clone().webp({ quality: 86, effort: 2 }).toBuffer(),
  ]);
  return { png, webp, size };
}

/** Draws and rasterises a loadout in one step. */
export function renderLoadout(loadout: AvatarLoadout, size: number = AVATAR_RENDER_SIZE): Promise<RasterisedAvatar> {
  return rasteriseSvg(composeAvatar(loadout, size), size);
}
