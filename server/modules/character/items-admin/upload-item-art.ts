import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp, { type Sharp } from "sharp";
import { z } from "zod";
import { items } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { DomainError } from "#server/modules/errors";
import { dimensionProblem, readImageHeader, type ImageRules } from "#server/platform/images";
import { CHARACTER_LIMITS } from "#shared/character";
import { AVATAR_CANVAS } from "#server/modules/character/avatar/compose-avatar";
import { parseInput, type CharacterDeps } from "#server/modules/character/deps";
import { assertCan } from "#server/modules/character/policy";
import { itemIdField } from "./item-input";
import { toItemView, type ItemView } from "./item-view";

/** An item's drawing: a layer of the 512 × 512 avatar, never a strip or a poster. */
const ART_RULES: ImageRules = { maxSide: 4096, maxAspect: 4, maxPixels: 16_000_000, formats: ["png", "webp"] };

const input = z.object({ itemId: itemIdField });

const invalid = () => new DomainError("character.item_art_invalid", { maxKb: Math.floor(CHARACTER_LIMITS.itemArtMaxBytes / 1024) });

/**
 * What an SVG may not hold, since it is drawn by librsvg on the server: scripts, event handlers, foreign
 * objects, entities (billion laughs), and any reference outside the file itself (a link, an image, a font, a
 * stylesheet). Only `#fragment` references are allowed.
 */
const SVG_FORBIDDEN = [
  /<\s*script/i,
  /<\s*foreignObject/i,
  /<!\s*(?:DOCTYPE|ENTITY)/i,
  /\son[a-z]+\s*=/i,
  /href\s*=\s*["']\s*(?!#)/i,
  /url\(\s*["']?\s*(?!#)/i,
  /@import/i,
  /<\s*(?:image|use|feImage|iframe|embed|object|audio|video)\b[^>]*\bhref\s*=\s*["']\s*(?!#)/i,
];

function looksLikeSvg(bytes: Uint8Array): string | null {
  const text = Buffer.from(bytes).toString("utf8");
  const head = text.replace(/^\uFEFF/, "").replace(/^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*/, "");
  if (!/^<svg[\s>]/i.test(head) || !/<\/svg>\s*$/i.test(text)) return null;
  return text;
}

/**
 * Normalises an uploaded drawing to the layer the renderer embeds: a 512 × 512 PNG with a transparent margin.
 * PNG and WebP have their dimensions checked on the header before any decoding; an SVG is refused when it
 * holds anything active or external, then drawn once here, so only the PNG is ever stored and drawn again.
 */
async function normalise(bytes: Uint8Array): Promise<Buffer> {
  const resize = (img: Sharp) =>
    img
      .resize(AVATAR_CANVAS, AVATAR_CANVAS, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png({ compressionLevel: 9 })
      .toBuffer();
  const header = readImageHeader(bytes);
  if (header) {
    if (!ART_RULES.formats.includes(header.format) || dimensionProblem(header.width, header.height, ART_RULES)) throw invalid();
    return resize(sharp(bytes, { limitInputPixels: ART_RULES.maxPixels, failOn: "error" }));
  }
  const svg = looksLikeSvg(bytes);
  if (!svg || SVG_FORBIDDEN.some((rule) => rule.test(svg))) throw invalid();
  const meta = await sharp(bytes, { limitInputPixels: ART_RULES.maxPixels }).metadata();
  if (meta.format !== "svg" || !meta.width || !meta.height || dimensionProblem(meta.width, meta.height, ART_RULES)) throw invalid();
  return resize(sharp(bytes, { limitInputPixels: ART_RULES.maxPixels }));
}

/**
 * Uploads an item's drawing (Admins): an SVG, PNG or WebP of at most `itemArtMaxBytes`, judged by its content,
 * stored as a 512 × 512 PNG under a content-hashed key through the storage layer and used instead of the
 * built-in drawing from the next render on. Earlier uploads stay stored: a render already asked for keeps
 * the drawing it was asked with (a requeued one draws the same picture). Audited as `character.item.art`.
 * Anything else is refused with `character.item_art_invalid`.
 */
export async function uploadItemArt(
  deps: Pick<CharacterDeps, "db" | "storage" | "now">,
  actor: Actor,
  raw: { itemId?: unknown; bytes?: unknown },
): Promise<ItemView> {
  assertCan(actor, "item.upload_art");
  const { itemId } = parseInput(input, { itemId: raw?.itemId });
  const bytes = raw?.bytes;
  if (!(bytes instanceof Uint8Array) || bytes.byteLength === 0 || bytes.byteLength > CHARACTER_LIMITS.itemArtMaxBytes) throw invalid();
  const [exists] = await deps.db.select({ id: items.id }).from(items).where(eq(items.id, itemId)).limit(1);
  if (!exists) throw new DomainError("character.item_not_found");
  const png = await normalise(bytes).catch((err: unknown) => {
    if (err instanceof DomainError) throw err;
    throw invalid();
  });
  const hash = createHash("sha256").update(png).digest("hex").slice(0, 16);
  const key = `items/art/${itemId}-${hash}.png`;
  await deps.storage.put(key, png, { contentType: "image/png" });
  const row = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(items).where(eq(items.id, itemId)).for("update");
    if (!before) throw new DomainError("character.item_not_found");
    const [after] = await tx.update(items).set({ artStorageKey: key, updatedAt: deps.now() }).where(eq(items.id, itemId)).returning();
    await recordAudit(tx, actor, {
      action: "character.item.art",
      targetType: "item",
      targetId: itemId,
      targetName: before.nameEn,
      details: { bytes: png.byteLength },
    });
    return after!;
  });
  return toItemView(deps.storage, row);
}
