import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client";
import { createUser, ensureRoles } from "#server/db/factories";
import { auditLog, items } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { ensureGamificationDefaults } from "#server/modules/gamification";
import { SettingsStore } from "#server/modules/site/settings";
import { EventBus } from "#server/platform/events";
import { createLogger } from "#server/platform/logger";
import { RateLimiter } from "#server/platform/rate-limit";
import { createInProcessRealtime } from "#server/platform/realtime";
import { LocalStorage } from "#server/platform/storage";
import { CHARACTER_LIMITS as L } from "#shared/character";
import { testActor } from "#tests/support/actors";
import { testDatabase } from "#tests/support/db";
import { codeOf, errorOf, testClock } from "#tests/support/forum-kit";
import { oneColourPng } from "#tests/support/test-images";
import { drawableLoadout } from "#server/modules/character/avatar/loadout";
import { renderLoadout } from "#server/modules/character/avatar/rasterise";
import type { CharacterDeps } from "#server/modules/character/deps";
import { createItem } from "./create-item";
import { ensureCatalogueArt, ensureItemCatalogue } from "./ensure-catalogue";
import { listAllItems } from "./list-items";
import { retireItem } from "./retire-item";
import { updateItem } from "./update-item";
import { uploadItemArt } from "./upload-item-art";

const svg = (body: string, size = 128) =>
  new TextEncoder().encode(
    `<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 10 10">${body}</svg>\n`,
  );

describe("the items admin", () => {
  let database: DatabaseHandle;
  let dir: string;
  let deps: CharacterDeps;
  let admin: NonNullable<Actor>;
  let moderator: NonNullable<Actor>;
  const clock = testClock(new Date("2026-12-07T10:00:00Z"));
  const log = createLogger("error", {}, () => {});
  const form = (over: Record<string, unknown> = {}) => ({
    id: "test-hat",
    slot: "head",
    rarity: "rare",
    nameEn: "Test hat",
    nameEs: "Sombrero de prueba",
    descriptionEn: "",
    descriptionEs: "",
    strength: "1",
    intelligence: "0",
    agility: "2",
    charisma: "0",
    levelRequired: "3",
    price: "150",
    achievementId: "",
    arenaReward: undefined,
    artKey: "leather-cap",
    ...over,
  });
  const fieldErrors = async (p: Promise<unknown>) => ((await errorOf(p)).details?.fieldErrors ?? {}) as Record<string, string>;

  beforeAll(async () => {
    database = await testDatabase();
    await ensureRoles(database.db);
    await ensureGamificationDefaults(database.db);
    await ensureItemCatalogue(database.db);
    dir = await mkdtemp(join(tmpdir(), "items-test-"));
    deps = {
      db: database.db,
      settings: new SettingsStore(database.db, 0),
      storage: new LocalStorage(dir),
      events: new EventBus(log),
      realtime: createInProcessRealtime(log),
      rateLimiter: new RateLimiter(database.db),
      jobs: null,
      now: clock.now,
      log,
    };
    const a = await createUser(database.db, { username: "admin_ana" });
    admin = testActor({ userId: a.id, username: "admin_ana", roles: ["Admin"] });
    const m = await createUser(database.db, { username: "mod_max" });
    moderator = testActor({ userId: m.id, username: "mod_max", roles: ["Moderator"] });
  });
  afterAll(async () => {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("stores a preview of every built-in drawing once, which the list shows beside each item", async () => {
    expect(await ensureCatalogueArt(database.db, deps.storage)).toBeGreaterThanOrEqual(33);
    expect(await ensureCatalogueArt(database.db, deps.storage)).toBe(0);
    const helm = (await listAllItems(deps, admin)).find((i) => i.id === "iron-helm")!;
    expect(helm.artUrl).toBeNull();
    const preview = await deps.storage.read(deps.storage.keyOf(helm.previewUrl)!);
    const meta = await sharp(preview!.body).metadata();
    expect([meta.format, meta.width]).toEqual(["png", 128]);
  });

  it("creates an item from the form's strings, audited", async () => {
    const item = await createItem(deps, admin, form({ achievementId: "threads_5", arenaReward: "on" }));
    expect(item).toMatchObject({
      id: "test-hat",
      slot: "head",
      strength: 1,
      agility: 2,
      levelRequired: 3,
      price: 150,
      achievementId: "threads_5",
      arenaReward: true,
      retired: false,
    });
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, "character.item.create"));
    expect(audit).toMatchObject({ actorId: admin.userId, targetType: "item", targetId: "test-hat", targetName: "Test hat" });
    // A blank price is "earned only".
    expect((await createItem(deps, admin, form({ id: "free-hat", price: "" }))).price).toBeNull();
  });

  it("refuses what breaks the rules, with a message beside each field", async () => {
    expect(await fieldErrors(createItem(deps, admin, form({ id: "Bad Id" })))).toMatchObject({ id: "errors:character.item_id_invalid" });
    expect(await fieldErrors(createItem(deps, admin, form()))).toMatchObject({ id: "errors:character.item_id_taken" });
    const errors = await fieldErrors(
      createItem(
        deps,
        admin,
        form({
          id: "other-hat",
          nameEn: "x".repeat(L.itemNameMax + 1),
          nameEs: "",
          descriptionEs: "y".repeat(L.itemDescriptionMax + 1),
          strength: String(L.itemStatBonusMax + 1),
          charisma: "-1",
          levelRequired: "0",
          price: "0",
          slot: "tail",
          rarity: "mythic",
          artKey: "no-such-art",
        }),
      ),
    );
    expect(errors).toEqual({
      nameEn: "errors:character.item_name_length",
      nameEs: "errors:character.item_name_length",
      descriptionEs: "errors:character.item_description_length",
      strength: "errors:character.item_bonus_range",
      charisma: "errors:character.item_bonus_range",
      levelRequired: "errors:character.item_level_range",
      price: "errors:character.item_price_range",
      slot: "errors:character.item_slot_invalid",
      rarity: "errors:character.item_rarity_invalid",
      artKey: "errors:character.item_art_key_unknown",
    });
    expect(
      await fieldErrors(
        createItem(deps, admin, form({ id: "x-hat", price: String(L.itemPriceMax + 1), levelRequired: String(L.itemLevelMax + 1) })),
      ),
    ).toEqual({
      price: "errors:character.item_price_range",
      levelRequired: "errors:character.item_level_range",
    });
    expect(await fieldErrors(createItem(deps, admin, form({ id: "y-hat", achievementId: "no_such_achievement" })))).toEqual({
      achievementId: "errors:character.item_achievement_unknown",
    });
  });

  it("updates an item, auditing the fields that changed, and changes nothing when nothing changed", async () => {
    const { id, ...rest } = form({ nameEn: "Renamed hat", price: "" });
    const updated = await updateItem(deps, admin, { itemId: id, ...rest });
    expect([updated.nameEn, updated.price, updated.achievementId]).toEqual(["Renamed hat", null, null]);
    await updateItem(deps, admin, { itemId: id, ...rest });
    const audits = await database.db.select().from(auditLog).where(eq(auditLog.action, "character.item.update"));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.details).toEqual({ fields: ["nameEn", "price", "achievementId", "arenaReward"] });
    expect(await codeOf(updateItem(deps, admin, { itemId: "no-such-item", ...rest }))).toBe("character.item_not_found");
  });

  it("retires and restores an item; the list keeps retired items", async () => {
    expect((await retireItem(deps, admin, { itemId: "test-hat", retired: "true" })).retired).toBe(true);
    const listed = await listAllItems(deps, admin);
    expect(listed.find((i) => i.id === "test-hat")?.retired).toBe(true);
    expect(listed[0]!.slot).toBe("head");
    expect(listed.at(-1)!.slot).toBe("badge");
    expect((await retireItem(deps, admin, { itemId: "test-hat", retired: "false" })).retired).toBe(false);
    const actions = (await database.db.select().from(auditLog).where(eq(auditLog.targetId, "test-hat"))).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["character.item.retire", "character.item.restore"]));
    expect(await codeOf(retireItem(deps, admin, { itemId: "no-such-item", retired: "true" }))).toBe("character.item_not_found");
  });

  it("takes a PNG, WebP or clean SVG as the item's drawing, stored as a 512 × 512 PNG, and draws it in the avatar", async () => {
    const png = await uploadItemArt(deps, admin, { itemId: "test-hat", bytes: oneColourPng(300, 200) });
    expect(png.artUrl).toMatch(/^\/media\/items\/art\/test-hat-[0-9a-f]+\.png$/);
    const stored = await deps.storage.read(deps.storage.keyOf(png.artUrl)!);
    const meta = await sharp(stored!.body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 512, 512]);

    const webp = await sharp({ create: { width: 64, height: 64, channels: 4, background: "#f00" } })
      .webp()
      .toBuffer();
    expect((await uploadItemArt(deps, admin, { itemId: "test-hat", bytes: new Uint8Array(webp) })).artUrl).not.toBe(png.artUrl);

    const clean = await uploadItemArt(deps, admin, {
      itemId: "test-hat",
      bytes: svg(`<defs><linearGradient id="g"/></defs><circle cx="5" cy="5" r="4" fill="url(#g)"/>`),
    });
    const [row] = await database.db.select().from(items).where(eq(items.id, "test-hat"));
    expect(row!.artStorageKey).toBe(deps.storage.keyOf(clean.artUrl));
    const drawable = await drawableLoadout(deps.storage, {
      characterClass: "mage",
      slots: { head: { itemId: "test-hat", artKey: null, artStorageKey: row!.artStorageKey } },
    });
    expect(drawable.slots.head?.image).toMatch(/^data:image\/png;base64,/);
    expect((await renderLoadout(drawable)).png.byteLength).toBeGreaterThan(0);
    expect((await database.db.select().from(auditLog).where(eq(auditLog.action, "character.item.art"))).length).toBe(3);
  });

  it("refuses anything else: scripts, external references, other types, too large, too many pixels", async () => {
    const refused = [
      svg(`<script>alert(1)</script>`),
      svg(`<circle r="4" onload="alert(1)"/>`),
      svg(`<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>`),
      svg(`<image href="https://example.com/x.png" width="10" height="10"/>`),
      svg(`<image xlink:href="file:///etc/passwd" width="10" height="10"/>`),
      svg(`<rect width="10" height="10" style="fill:url(https://example.com/p.svg)"/>`),
      svg(`<style>@import url(https://example.com/a.css);</style>`),
      new TextEncoder().encode(`<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>`),
      svg(`<rect width="10" height="10"/>`, 100_000),
      oneColourPng(100_000, 10),
      oneColourPng(8000, 8000),
      new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]),
      new TextEncoder().encode("just some text"),
      new Uint8Array(L.itemArtMaxBytes + 1),
      new Uint8Array(0),
    ];
    for (const [i, bytes] of refused.entries()) {
      const err = await errorOf(uploadItemArt(deps, admin, { itemId: "test-hat", bytes }));
      expect(err.code, `upload ${i}`).toBe("character.item_art_invalid");
      expect(err.details).toEqual({ maxKb: L.itemArtMaxBytes / 1024 });
    }
    expect(await codeOf(uploadItemArt(deps, admin, { itemId: "test-hat", bytes: "not bytes" }))).toBe("character.item_art_invalid");
    expect(await codeOf(uploadItemArt(deps, admin, { itemId: "no-such-item", bytes: oneColourPng(10, 10) }))).toBe(
      "character.item_not_found",
    );
  });

  it("refuses every admin operation to a visitor, a member and a moderator", async () => {
    const someone = testActor();
    for (const actor of [null, someone, moderator]) {
      const expected = actor ? "auth.forbidden" : "auth.unauthenticated";
      expect(await codeOf(listAllItems(deps, actor))).toBe(expected);
      expect(await codeOf(createItem(deps, actor, form({ id: "nobody-hat" })))).toBe(expected);
      expect(await codeOf(updateItem(deps, actor, { ...form(), itemId: "test-hat" }))).toBe(expected);
      expect(await codeOf(retireItem(deps, actor, { itemId: "test-hat", retired: "true" }))).toBe(expected);
      expect(await codeOf(uploadItemArt(deps, actor, { itemId: "test-hat", bytes: oneColourPng(10, 10) }))).toBe(expected);
    }
    const [row] = await database.db.select().from(items).where(eq(items.id, "test-hat"));
    expect(row!.retiredAt).toBeNull();
  });
});
