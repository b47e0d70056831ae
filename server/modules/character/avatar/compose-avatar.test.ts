import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { CHARACTER_CLASSES, ITEM_RARITIES, ITEM_SLOTS, type ItemSlot } from "#shared/character";
import { ITEM_CATALOGUE } from "#server/modules/character/catalogue";
import { ITEM_ART } from "./art/items";
import { AVATAR_CANVAS, composeAvatar, LAYER_ORDER, type AvatarLoadout } from "./compose-avatar";
import { AVATAR_RENDER_SIZE, rasteriseSvg, renderLoadout } from "./rasterise";

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const isPng = (b: Buffer) => PNG.every((x, i) => b[i] === x);
const isWebp = (b: Buffer) => b.subarray(0, 4).toString("ascii") === "RIFF" && b.subarray(8, 12).toString("ascii") === "WEBP";

/** Everything of the catalogue worn at once (one item per slot). */
const fullLoadout = (index = 0): AvatarLoadout => ({
  characterClass: "mage",
  slots: Object.fromEntries(
    ITEM_SLOTS.map((slot) => [slot, { artKey: ITEM_CATALOGUE.filter((i) => i.slot === slot)[index]!.artKey }]),
  ) as AvatarLoadout["slots"],
});

describe("the default catalogue", () => {
  it("has about three items for each of the eleven slots, with unique slugs, a known rarity and built-in art", () => {
    for (const slot of ITEM_SLOTS) expect(ITEM_CATALOGUE.filter((i) => i.slot === slot).length, slot).toBeGreaterThanOrEqual(3);
    const ids = ITEM_CATALOGUE.map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const item of ITEM_CATALOGUE) {
      expect(item.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(ITEM_RARITIES).toContain(item.rarity);
      expect(Object.hasOwn(ITEM_ART, item.artKey), item.artKey).toBe(true);
      // Every item is obtainable: bought, granted by an achievement, or won in the arena.
      expect(item.price !== null || item.achievementKey !== null || item.arenaReward, item.id).toBe(true);
      for (const stat of ["strength", "intelligence", "agility", "charisma"] as const) expect(item[stat]).toBeGreaterThanOrEqual(0);
    }
  });
});

describe("composeAvatar", () => {
  it("draws a 512-unit SVG with the layers in order: aura behind, frame and badge in front", () => {
    const svg = composeAvatar(fullLoadout(), 256);
    expect(svg).toMatch(/^<svg [^>]*width="256" height="256" viewBox="0 0 512 512"/);
    const positions = LAYER_ORDER.filter((l) => l !== "body").map((layer) => svg.indexOf(`data-layer="${layer}"`));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it("draws each class's body and a body without a class", () => {
    const bodies = new Set([...CHARACTER_CLASSES, null].map((c) => composeAvatar({ characterClass: c, slots: {} })));
    expect(bodies.size).toBe(CHARACTER_CLASSES.length + 1);
  });

  it("embeds an uploaded drawing only as a PNG data URI, and refuses an unknown art key", () => {
    const png = `data:image/png;base64,${Buffer.from("x").toString("base64")}`;
    expect(composeAvatar({ characterClass: null, slots: { head: { artKey: null, image: png } } })).toContain(`href="${png}"`);
    expect(() => composeAvatar({ characterClass: null, slots: { head: { artKey: null, image: "https://evil.example/x.png" } } })).toThrow();
    expect(() => composeAvatar({ characterClass: null, slots: { head: { artKey: "no-such-art" } } })).toThrow(/no avatar art/);
  });
});

describe("rasterise", () => {
  it("renders a PNG and a WebP of 256 × 256", async () => {
    const out = await renderLoadout(fullLoadout());
    expect(isPng(out.png)).toBe(true);
    expect(isWebp(out.webp)).toBe(true);
    for (const file of [out.png, out.webp]) {
      const meta = await sharp(file).metadata();
      expect([meta.width, meta.height]).toEqual([AVATAR_RENDER_SIZE, AVATAR_RENDER_SIZE]);
    }
    const small = await rasteriseSvg(composeAvatar(fullLoadout(), 64), 64);
    expect((await sharp(small.png).metadata()).width).toBe(64);
  });

  it("draws every catalogue item in every class without an error, and each changes the picture", async () => {
    const bare = await renderLoadout({ characterClass: "warrior", slots: {} });
    for (const [i, item] of ITEM_CATALOGUE.entries()) {
      const cls = CHARACTER_CLASSES[i % CHARACTER_CLASSES.length]!;
      const slots = { [item.slot]: { artKey: item.artKey } } as Partial<Record<ItemSlot, { artKey: string }>>;
      const out = await renderLoadout({ characterClass: "warrior", slots }, 64);
      expect(isPng(out.png), item.id).toBe(true);
      expect(composeAvatar({ characterClass: cls, slots })).toContain(`data-layer="${item.slot}"`);
    }
    const worn = await renderLoadout({ characterClass: "warrior", slots: { head: { artKey: "iron-helm" } } });
    expect(worn.png.equals(bare.png)).toBe(false);
  });

  it("keeps the canvas at 512 units", () => {
    expect(AVATAR_CANVAS).toBe(512);
  });
});
