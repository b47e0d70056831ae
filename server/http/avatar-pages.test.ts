import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#server/db/factories";
import { avatarRenders, characters, items, profiles } from "#server/db/schema";
import { signIn, testApp, type TestApp } from "#tests/support/app";
import { pageClient, textOf } from "#tests/support/pages";
import { oneColourPng } from "#tests/support/test-images";

/**
 * /account/avatar and the avatars admin tab, driven as a browser without JavaScript would: the render button
 * and its limit in both languages, the picture choice reaching the profile, the tab's roles, an item's form
 * with its errors beside the fields, an art upload and its refusal, and the queue's force and cancel buttons.
 * Without a job worker (tests), a render is drawn at once.
 */
let t: TestApp;
const PW = "correct-horse-battery";
const { get, post } = pageClient(() => t, "198.51.121");
const cookies = { admin: "", moderator: "", creator: "", other: "" };
const ids = { creator: "", other: "" };

const upload = (cookie: string, fields: Record<string, string>, file: { name: string; type: string; bytes: Uint8Array }) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set("art", new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  return t.request("/en/admin/avatars", { method: "POST", cookie, body: form, headers: { "x-test-ip": "198.51.121.250" } });
};
const ITEM = {
  intent: "create-item",
  formId: "item-new",
  id: "page-test-hat",
  slot: "head",
  rarity: "rare",
  nameEn: "Page hat",
  nameEs: "Sombrero de página",
  descriptionEn: "",
  descriptionEs: "",
  strength: "1",
  intelligence: "0",
  agility: "0",
  charisma: "0",
  levelRequired: "2",
  price: "90",
  achievementId: "",
  artKey: "leather-cap",
};

beforeAll(async () => {
  t = await testApp({ CLIENT_IP_HEADER: "x-test-ip" });
  const db = t.services.db;
  const admin = await createUser(db, { roles: ["Admin"], username: "avatar_admin" });
  const moderator = await createUser(db, { roles: ["Moderator"], username: "avatar_mod" });
  const creator = await createUser(db, { username: "avatar_creator" });
  const other = await createUser(db, { username: "avatar_other" });
  ids.creator = creator.id;
  ids.other = other.id;
  await db.insert(characters).values({ userId: creator.id, characterClass: "rogue" });
  await db.update(profiles).set({ avatarUrl: "/media/avatars/x/uploaded.webp" }).where(eq(profiles.id, creator.id));
  cookies.admin = await signIn(t, admin.email, PW);
  cookies.moderator = await signIn(t, moderator.email, PW);
  cookies.creator = await signIn(t, creator.email, PW);
  cookies.other = await signIn(t, other.email, PW);
});
afterAll(async () => {
  await t?.close();
});

describe("/account/avatar", () => {
  it("sends a visitor to sign in", async () => {
    const res = await get("/en/account/avatar");
    expect([302, 303]).toContain(res.status);
    expect(res.headers.get("location")).toContain("login?redirectTo=");
  });

  it("shows the tab in both languages before any render, with the two forms", async () => {
    const en = await get("/en/account/avatar", cookies.creator);
    expect(en.status).toBe(200);
    const html = await en.text();
    expect(html).toContain('name="intent" value="render"');
    expect(html).toMatch(/<input(?=[^>]*value="upload")(?=[^>]*checked="")[^>]*>/);
    const text = await textOf(await get("/en/account/avatar", cookies.creator));
    expect(text).toContain("Your avatar has not been drawn yet.");
    expect(text).toContain("You can ask for 3 drawings a minute.");
    expect(await textOf(await get("/es/account/avatar", cookies.creator))).toContain("Tu avatar aún no se ha dibujado.");
  });

  it("renders on request, then refuses past the limit with the SPEC's message in both languages", async () => {
    const first = await post("/en/account/avatar", { intent: "render" }, cookies.creator);
    expect(first.status).toBe(200);
    const page = await (await get("/en/account/avatar", cookies.creator)).text();
    expect(page).toMatch(/<img src="\/media\/avatars\/rendered\/[^"]+\.png"/);
    expect(page).toMatch(/<source srcSet="\/media\/avatars\/rendered\/[^"]+\.webp" type="image\/webp"/);
    await post("/en/account/avatar", { intent: "render" }, cookies.creator);
    await post("/en/account/avatar", { intent: "render" }, cookies.creator);
    const refused = await post("/en/account/avatar", { intent: "render" }, cookies.creator);
    expect(refused.status).toBe(429);
    expect(await textOf(refused)).toContain("You are rendering too fast! Please wait a moment.");
    const es = await post("/es/account/avatar", { intent: "render" }, cookies.creator);
    expect(await textOf(es)).toContain("¡Estás renderizando demasiado rápido! Espera un momento.");
  });

  it("puts the rendered avatar in the profile when chosen, and the uploaded picture back", async () => {
    const res = await post("/en/account/avatar", { intent: "choose", choice: "rendered" }, cookies.creator);
    expect(res.status).toBe(200);
    const db = t.services.db;
    const [c] = await db.select().from(characters).where(eq(characters.userId, ids.creator));
    const [render] = await db.select().from(avatarRenders).where(eq(avatarRenders.id, c!.renderedAvatarId!));
    const [p] = await db.select().from(profiles).where(eq(profiles.id, ids.creator));
    expect(p!.avatarUrl).toBe(`/media/${render!.webpKey}`);
    expect(await (await get("/en/account/avatar", cookies.creator)).text()).toMatch(
      /<input(?=[^>]*value="rendered")(?=[^>]*checked="")[^>]*>/,
    );
    await post("/en/account/avatar", { intent: "choose", choice: "upload" }, cookies.creator);
    const [back] = await db.select().from(profiles).where(eq(profiles.id, ids.creator));
    expect(back!.avatarUrl).toBe("/media/avatars/x/uploaded.webp");
    const bad = await post("/en/account/avatar", { intent: "choose", choice: "nope" }, cookies.creator);
    expect(bad.status).toBe(400);
  });
});

describe("/admin/avatars", () => {
  it("is for Admins: a moderator and a member are refused, a visitor sent to sign in", async () => {
    expect((await get("/en/admin/avatars", cookies.moderator)).status).toBe(403);
    // A member is sent home by the admin area's guard.
    expect((await get("/en/admin/avatars", cookies.creator)).status).toBe(302);
    expect([302, 303]).toContain((await get("/en/admin/avatars")).status);
    expect([403, 404]).toContain((await post("/en/admin/avatars", ITEM, cookies.moderator)).status);
    expect(await t.services.db.select().from(items).where(eq(items.id, ITEM.id))).toHaveLength(0);
  });

  it("lists the items and the render queue in both languages, with the item dialog opened by the address", async () => {
    const en = await get("/en/admin/avatars", cookies.admin);
    expect(en.status).toBe(200);
    const text = await textOf(en);
    expect(text).toContain("Iron helm");
    expect(text).toContain("Render queue");
    expect(text).toContain("avatar_creator");
    expect(await textOf(await get("/es/admin/avatars", cookies.admin))).toContain("Cola de renderizado");
    const dialog = await (await get("/en/admin/avatars?edit=iron-helm", cookies.admin)).text();
    expect(dialog).toContain('value="update-item"');
    expect(dialog).toContain('encType="multipart/form-data"');
  });

  it("creates an item; a refused form keeps what was typed with each error beside its field", async () => {
    const refused = await post("/en/admin/avatars", { ...ITEM, price: "0", nameEs: "" }, cookies.admin);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain('value="Page hat"');
    expect(html).toContain("Leave the price empty (earned only) or enter a whole number of gold from 1 to the maximum shown.");
    expect(html).toContain("Write a name, not longer than the limit shown.");
    const created = await post("/en/admin/avatars", ITEM, cookies.admin);
    expect(created.status).toBe(200);
    expect(await textOf(created)).toContain("Page hat was created.");
    const [row] = await t.services.db.select().from(items).where(eq(items.id, ITEM.id));
    expect(row).toMatchObject({ price: 90, levelRequired: 2, slot: "head" });
  });

  it("uploads an item's art, and refuses an SVG with a script", async () => {
    const ok = await upload(
      cookies.admin,
      { intent: "upload-art", formId: `item-${ITEM.id}`, itemId: ITEM.id, name: "Page hat" },
      { name: "hat.png", type: "image/png", bytes: oneColourPng(256, 256) },
    );
    expect(ok.status).toBe(200);
    const [row] = await t.services.db.select().from(items).where(eq(items.id, ITEM.id));
    expect(row!.artStorageKey).toMatch(/^items\/art\/page-test-hat-[0-9a-f]+\.png$/);
    const evil = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refused = await upload(
      cookies.admin,
      { intent: "upload-art", formId: `item-${ITEM.id}`, itemId: ITEM.id },
      { name: "x.svg", type: "image/svg+xml", bytes: evil },
    );
    expect(refused.status).toBe(422);
    expect(await textOf(refused)).toContain("Upload the item's art as an SVG, PNG or WebP of at most 512 KB.");
  });

  it("retires an item, then brings it back", async () => {
    await post("/en/admin/avatars", { intent: "retire-item", itemId: ITEM.id, retired: "true", name: "Page hat" }, cookies.admin);
    expect((await t.services.db.select().from(items).where(eq(items.id, ITEM.id)))[0]!.retiredAt).not.toBeNull();
    await post("/en/admin/avatars", { intent: "retire-item", itemId: ITEM.id, retired: "false", name: "Page hat" }, cookies.admin);
    expect((await t.services.db.select().from(items).where(eq(items.id, ITEM.id)))[0]!.retiredAt).toBeNull();
  });

  it("forces a render and cancels a pending one from the queue; the filter shows each state", async () => {
    const db = t.services.db;
    const [pending] = await db
      .insert(avatarRenders)
      .values({ userId: ids.other, loadout: { characterClass: null, slots: {} } })
      .returning();
    const failedQueue = await textOf(await get("/en/admin/avatars?status=pending", cookies.admin));
    expect(failedQueue).toContain("avatar_other");
    const cancelled = await post("/en/admin/avatars", { intent: "cancel-render", renderId: pending!.id }, cookies.admin);
    expect(await textOf(cancelled)).toContain("The render was cancelled.");
    expect((await db.select().from(avatarRenders).where(eq(avatarRenders.id, pending!.id)))[0]!.status).toBe("cancelled");
    const forced = await post("/en/admin/avatars", { force: pending!.id }, cookies.admin);
    expect(await textOf(forced)).toContain("The avatar was drawn.");
    expect((await db.select().from(avatarRenders).where(eq(avatarRenders.id, pending!.id)))[0]!.status).toBe("done");
    const again = await post("/en/admin/avatars", { requeue: pending!.id }, cookies.admin);
    expect(again.status).toBe(409);
    expect(await textOf(again)).toContain("This render can no longer be changed that way.");
    expect((await post("/en/admin/avatars", { force: pending!.id }, cookies.other)).status).toBe(302);
    expect((await post("/en/admin/avatars", { force: pending!.id }, cookies.moderator)).status).toBe(403);
  });
});
