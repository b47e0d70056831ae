import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#server/db/factories";
import { items, userStats, xpLedger } from "#server/db/schema";
import { moveGold } from "#server/modules/character/gold";
import { signIn, testApp, type TestApp } from "#tests/support/app";
import { pageClient, textOf } from "#tests/support/pages";

/**
 * /account/character and /account/inventory driven as a browser without JavaScript would: plain GETs and form
 * posts in both languages, the confirmation steps, refusals with the translated message and what was typed
 * kept, and the perks shown where they apply ("+5% mage" in the gold history, "+3% trader" in the XP history).
 */
let t: TestApp;
const PW = "character-pages-pass-1";
const { get, post } = pageClient(() => t, "198.51.130");
type Member = { id: string; cookie: string };

async function member(): Promise<Member> {
  const u = await createUser(t.services.db, { password: PW });
  return { id: u.id, cookie: await signIn(t, u.email, PW) };
}
const give = (userId: string, amount: number, sourceId: string) =>
  t.services.db.transaction((tx) => moveGold(tx, { userId, reason: "adjustment", amount, sourceId }));
const setProgress = (userId: string, level: number, statPoints: number) =>
  t.services.db
    .insert(userStats)
    .values({ userId, level, peakLevel: level, statPoints })
    .onConflictDoUpdate({ target: userStats.userId, set: { level, peakLevel: level, statPoints } });
/** The <input> element named so, as rendered. */
const inputNamed = (html: string, name: string) => html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0] ?? "";

beforeAll(async () => {
  t = await testApp({ CLIENT_IP_HEADER: "x-test-ip" });
  await t.services.db.insert(items).values([
    { id: "page-hat", slot: "head", rarity: "rare", nameEn: "Pixel Hat", nameEs: "Gorro de píxeles", price: 30, strength: 3, agility: -1 },
    { id: "page-cap", slot: "head", rarity: "common", nameEn: "Plain Cap", nameEs: "Gorra sencilla", price: 10, strength: 1 },
    { id: "page-crown", slot: "head", rarity: "legendary", nameEn: "Crown", nameEs: "Corona", price: 5000 },
    { id: "page-blade", slot: "main_hand", rarity: "epic", nameEn: "Late Blade", nameEs: "Espada tardía", price: 20, levelRequired: 5 },
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe("/account/character", () => {
  it("sends visitors to sign in", async () => {
    for (const path of ["/account/character", "/account/inventory"]) {
      const res = await get(`/en${path}`);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(`/en/login?redirectTo=${encodeURIComponent(path)}`);
    }
  });

  it("offers the four classes with their perks, in both languages, and the class pick works without JavaScript", async () => {
    const m = await member();
    const en = await textOf(await get("/en/account/character", m.cookie));
    expect(en).toContain("Pick your class");
    for (const text of ["Warrior", "Mage", "Rogue", "Trader", "+5% gold from every source", "+3% XP when others comment on your threads"])
      expect(en).toContain(text);
    const es = await textOf(await get("/es/account/character", m.cookie));
    for (const text of ["Elige tu clase", "Guerrero", "Comerciante", "+5 % de oro de cualquier fuente"]) expect(es).toContain(text);

    const refused = await post("/en/account/character", { intent: "choose_class", characterClass: "bard" }, m.cookie);
    expect(refused.status).toBe(400);
    expect(await textOf(refused)).toContain("Choose one of the four classes.");

    const picked = await post("/es/account/character", { intent: "choose_class", characterClass: "mage" }, m.cookie);
    expect(picked.status).toBe(200);
    const text = await textOf(picked);
    expect(text).toContain("Ahora eres mago.");
    expect(text).toContain("Mago · Nivel 1");
    expect(text).not.toContain("Elige tu clase");
  });

  it("spends stat points after a review step, and keeps what was typed when refused", async () => {
    const m = await member();
    await post("/en/account/character", { intent: "choose_class", characterClass: "warrior" }, m.cookie);
    await setProgress(m.id, 2, 3);
    expect(await textOf(await get("/en/account/character", m.cookie))).toContain("You have 3 stat points to spend.");

    const tooMany = await post("/en/account/character", { intent: "review_points", strength: "5", agility: "" }, m.cookie);
    expect(tooMany.status).toBe(409);
    const tooManyHtml = await tooMany.text();
    expect(tooManyHtml).toContain("You do not have that many stat points to spend.");
    expect(inputNamed(tooManyHtml, "strength")).toContain('value="5"');

    const invalid = await post("/es/account/character", { intent: "review_points", strength: "2", charisma: "1.5" }, m.cookie);
    expect(invalid.status).toBe(400);
    const invalidHtml = await invalid.text();
    expect(invalidHtml).toContain("Escribe un número entero de puntos entre 0 y 100.");
    expect(inputNamed(invalidHtml, "charisma")).toContain('value="1.5"');
    expect(inputNamed(invalidHtml, "strength")).toContain('value="2"');

    const review = await post("/en/account/character", { intent: "review_points", strength: "2", agility: "1" }, m.cookie);
    expect(review.status).toBe(200);
    const reviewText = await textOf(review);
    expect(reviewText).toContain("You are about to spend 3 stat points.");
    expect(reviewText).toContain("Strength: 5 → 7");
    expect(reviewText).toContain("Agility: 5 → 6");
    // Nothing is spent before the confirmation.
    const [before] = await t.services.db.select().from(userStats).where(eq(userStats.userId, m.id));
    expect(before.statPoints).toBe(3);

    const back = await post(
      "/en/account/character",
      { intent: "edit_points", strength: "2", intelligence: "0", agility: "1", charisma: "0" },
      m.cookie,
    );
    expect(inputNamed(await back.text(), "strength")).toContain('value="2"');

    const spent = await post(
      "/en/account/character",
      { intent: "spend_points", strength: "2", intelligence: "0", agility: "1", charisma: "0" },
      m.cookie,
    );
    expect(spent.status).toBe(200);
    const spentText = await textOf(spent);
    expect(spentText).toContain("3 stat points spent.");
    expect(spentText).toContain("You have no stat points to spend.");
  });

  it("changes class for gold after a confirmation, says 'Not enough gold!' when short, and explains the gold history", async () => {
    const m = await member();
    await post("/en/account/character", { intent: "choose_class", characterClass: "mage" }, m.cookie);
    const short = await get("/en/account/character", m.cookie);
    const shortText = await textOf(short);
    expect(shortText).toContain("A change costs 200 gold. You have 0.");
    expect(shortText).toContain("Not enough gold!");
    expect(shortText).toContain("Change your class to warrior for 200 gold?");
    const refused = await post("/en/account/character", { intent: "change_class", characterClass: "warrior" }, m.cookie);
    expect(refused.status).toBe(409);
    expect(await textOf(refused)).toContain("Not enough gold!");

    // A level-up pays the mage 5% more, and the history says so.
    await t.services.events.publish("level.up", { userId: m.id, from: 1, to: 5, statPoints: 12, at: new Date() });
    const history = await textOf(await get("/en/account/character", m.cookie));
    expect(history).toContain("Level up");
    expect(history).toContain("Level 5");
    expect(history).toContain("Base 200 gold");
    expect(history).toContain("+5% mage");
    expect(history).toContain("+210 gold");
    expect(await textOf(await get("/es/account/character", m.cookie))).toContain("+5 % mago");

    const changed = await post("/en/account/character", { intent: "change_class", characterClass: "warrior" }, m.cookie);
    expect(changed.status).toBe(200);
    const changedText = await textOf(changed);
    expect(changedText).toContain("You are now a warrior.");
    expect(changedText).toContain("Warrior · Level 1");
    expect(changedText).toContain("Class change");
    expect(changedText).toContain("From mage to warrior");
    expect(changedText).toContain("-200 gold");
  });

  it("shows the trader's bonus in the XP history", async () => {
    const m = await member();
    await t.services.db.insert(xpLedger).values({
      userId: m.id,
      reason: "like_received",
      amount: 3,
      sourceKind: "like",
      sourceId: "gone-post",
      counterpartId: null,
      details: { base: 2, modifiers: [{ modifier: "trader", from: 2, to: 3 }] },
    });
    expect(await textOf(await get("/en/account/progress", m.cookie))).toContain("+3% trader");
    expect(await textOf(await get("/es/account/progress", m.cookie))).toContain("+3 % comerciante");
  });
});

describe("/account/inventory", () => {
  it("shows the eleven slots, what can be bought and why not, and buys, equips and takes off without JavaScript", async () => {
    const m = await member();
    await post("/en/account/character", { intent: "choose_class", characterClass: "rogue" }, m.cookie);
    await setProgress(m.id, 2, 0);
    await give(m.id, 45, "page-funds");
    const page = await textOf(await get("/en/account/inventory", m.cookie));
    expect(page).toContain("Level 2 · 45 gold");
    for (const slot of ["Head", "Chest", "Legs", "Feet", "Main hand", "Off hand", "Ring", "Amulet", "Frame", "Aura", "Badge"])
      expect(page).toContain(slot);
    expect(page.match(/>Empty</g)?.length ?? page.split("Empty").length - 1).toBeGreaterThanOrEqual(11);
    expect(page).toContain("Buy for 30 gold");
    expect(page).toContain("Buy Pixel Hat for 30 gold? You will have 15 gold left.");
    expect(page).toContain("Not enough gold!");
    expect(page).toContain("Needs level 5");
    expect(page).toContain("+3 strength, −1 agility");
    expect(page).toContain("There is no shop: items are bought here.");

    const es = await textOf(await get("/es/account/inventory", m.cookie));
    for (const text of [
      "Cabeza",
      "Mano principal",
      "Insignia",
      "Vacío",
      "Comprar por 30 de oro",
      "¡No tienes suficiente oro!",
      "Requiere nivel 5",
    ])
      expect(es).toContain(text);

    const tooDear = await post("/en/account/inventory", { intent: "buy", itemId: "page-crown" }, m.cookie);
    expect(tooDear.status).toBe(409);
    expect(await textOf(tooDear)).toContain("Not enough gold!");
    const tooHigh = await post("/es/account/inventory", { intent: "buy", itemId: "page-blade" }, m.cookie);
    expect(tooHigh.status).toBe(409);
    expect(await textOf(tooHigh)).toContain("Este objeto requiere nivel 5.");

    const bought = await post("/en/account/inventory", { intent: "buy", itemId: "page-cap" }, m.cookie);
    expect(bought.status).toBe(200);
    expect(await textOf(bought)).toContain("Plain Cap bought.");
    await post("/en/account/inventory", { intent: "buy", itemId: "page-hat" }, m.cookie);
    const equipped = await post("/en/account/inventory", { intent: "equip", itemId: "page-cap" }, m.cookie);
    const equippedText = await textOf(equipped);
    expect(equippedText).toContain("Plain Cap equipped.");
    // The hat's effect is shown against the cap now worn in the head slot.
    expect(equippedText).toContain(
      "Equip Pixel Hat in the Head slot? It replaces Plain Cap. Effect on your stats: +2 strength, −1 agility.",
    );
    expect(equippedText).toContain("Level 2 · 5 gold");

    const off = await post("/es/account/inventory", { intent: "unequip", slot: "head" }, m.cookie);
    expect(off.status).toBe(200);
    expect(await textOf(off)).toContain("Te has quitado Gorra sencilla.");
    const again = await post("/en/account/inventory", { intent: "buy", itemId: "page-cap" }, m.cookie);
    expect(again.status).toBe(409);
    expect(await textOf(again)).toContain("Not enough gold!");
  });
});

describe("/u/{username}", () => {
  it("shows the character's class, level and what it wears, to anyone, in both languages; nothing before a class", async () => {
    const u = await createUser(t.services.db, { password: PW });
    const cookie = await signIn(t, u.email, PW);
    expect(await textOf(await get(`/en/u/${u.username}`))).not.toContain("Wearing");

    await post("/en/account/character", { intent: "choose_class", characterClass: "rogue" }, cookie);
    await setProgress(u.id, 4, 0);
    await give(u.id, 100, "profile-test");
    await post("/en/account/inventory", { intent: "buy", itemId: "page-hat" }, cookie);
    await post("/en/account/inventory", { intent: "equip", itemId: "page-hat" }, cookie);

    const en = await textOf(await get(`/en/u/${u.username}`));
    for (const text of ["Character", "Rogue, level 4", "Wearing", "Pixel Hat", "Head", "Rare"]) expect(en).toContain(text);
    // Gold is one's own business.
    expect(en).not.toMatch(/\bgold\b/i);
    const es = await textOf(await get(`/es/u/${u.username}`));
    for (const text of ["Personaje", "Pícaro, nivel 4", "Lleva puesto", "Gorro de píxeles", "Cabeza", "Raro"]) expect(es).toContain(text);
  });
});
