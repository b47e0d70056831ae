import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCompany, createUser } from "#server/db/factories";
import { arenaQueue, characters } from "#server/db/schema";
import { signIn, testApp, type TestApp } from "#tests/support/app";
import { pageClient, textOf } from "#tests/support/pages";

/**
 * /arena, a match's page and the arena leaderboard, driven as a browser without JavaScript would: the queue's
 * form and states in both languages, the refusals, a match found between two members and its replay.
 */
let t: TestApp;
const PW = "correct-horse-battery";
const { get, post } = pageClient(() => t, "198.51.121");
const people = {
  ana: { id: "", cookie: "" },
  ben: { id: "", cookie: "" },
  noClass: { id: "", cookie: "" },
  pending: { id: "", cookie: "" },
};

beforeAll(async () => {
  t = await testApp();
  const db = t.services.db;
  for (const [key, cls] of [
    ["ana", "warrior"],
    ["ben", "rogue"],
    ["noClass", null],
  ] as const) {
    const u = await createUser(db, { username: `arena_${key.toLowerCase()}` });
    await db.insert(characters).values({ userId: u.id, characterClass: cls, gold: 10 });
    people[key] = { id: u.id, cookie: await signIn(t, u.email, PW) };
  }
  const company = await createCompany(db, { username: "arena_studio", verified: false });
  people.pending = { id: company.id, cookie: await signIn(t, company.email, PW) };
});
afterAll(() => t?.close());

const waiting = async (userId: string) =>
  (await t.services.db.select().from(arenaQueue).where(eq(arenaQueue.userId, userId))).filter((e) => e.status === "waiting");

describe("/arena", () => {
  it("tells a visitor what the arena is and how to sign in, in both languages, with no queue form", async () => {
    const en = await get("/en/arena");
    expect(en.status).toBe(200);
    const html = await en.text();
    expect(html).toContain("Sign in to fight in the arena.");
    expect(html).not.toContain('name="intent"');
    expect(await textOf(await get("/es/arena"))).toContain("Inicia sesión para luchar en la arena.");
  });

  it("refuses a visitor's and a company awaiting verification's join, and queues nobody", async () => {
    const visitor = await post("/en/arena", { intent: "join" });
    expect(visitor.status).toBe(401);
    const company = await post("/en/arena", { intent: "join" }, people.pending.cookie);
    expect(company.status).not.toBe(200);
    const leave = await post("/en/arena", { intent: "leave" });
    expect(leave.status).toBe(401);
    expect(await t.services.db.select().from(arenaQueue)).toEqual([]);
  });

  it("asks a member without a class to pick one first", async () => {
    const text = await textOf(await get("/en/arena", people.noClass.cookie));
    expect(text).toContain("Pick a class for your character before entering the arena.");
    const refused = await post("/es/arena", { intent: "join" }, people.noClass.cookie);
    expect(refused.status).toBe(409);
  });

  it("queues a member, shows the waiting state, lets them leave, then finds a match with a second member", async () => {
    const idle = await get("/en/arena", people.ana.cookie);
    const idleHtml = await idle.text();
    expect(idleHtml).toContain("Enter the queue");
    expect(idleHtml).toContain("No matches yet. Enter the queue to fight your first one.");

    const joined = await post("/en/arena", { intent: "join" }, people.ana.cookie);
    expect(joined.status).toBe(200);
    const joinedText = await textOf(joined);
    expect(joinedText).toContain("Looking for an opponent…");
    expect(joinedText).toContain("Leave the queue");
    expect(await waiting(people.ana.id)).toHaveLength(1);
    // Entering again is refused with the message beside the form.
    const again = await post("/es/arena", { intent: "join" }, people.ana.cookie);
    expect(again.status).toBe(409);
    expect(await textOf(again)).toContain("Ya estás esperando un oponente.");

    const left = await post("/en/arena", { intent: "leave" }, people.ana.cookie);
    expect(await textOf(left)).toContain("You left the queue.");
    expect(await waiting(people.ana.id)).toHaveLength(0);

    await post("/en/arena", { intent: "join" }, people.ana.cookie);
    const matched = await post("/en/arena", { intent: "join" }, people.ben.cookie);
    const text = await textOf(matched);
    expect(text).toContain("Match found!");
    expect(text).toMatch(/You (won|lost) against arena_ana\./);
    const matchId = /\/en\/arena\/matches\/([0-9a-f-]{36})/.exec(await (await get("/en/arena", people.ben.cookie)).text())![1]!;

    // The match's page, for anyone, in both languages: both fighters, the perks, the turns.
    const page = await get(`/en/arena/matches/${matchId}`);
    expect(page.status).toBe(200);
    const pageText = await textOf(page);
    expect(pageText).toContain("arena_ana vs arena_ben");
    expect(pageText).toContain("+5% combat power (warrior)");
    expect(pageText).toContain("+5% initiative (rogue)");
    expect(pageText).toMatch(/The match's \d+ turns|The match's only turn/);
    expect(pageText).not.toContain("The replay does not match");
    const es = await textOf(await get(`/es/arena/matches/${matchId}`));
    expect(es).toContain("arena_ana contra arena_ben");
    expect(es).toContain("Turno a turno");

    // Both see it in their recent matches; the leaderboard lists them as provisional.
    expect(await textOf(await get("/en/arena", people.ana.cookie))).toContain("arena_ben");
    const board = await textOf(await get("/en/arena/leaderboard"));
    expect(board).toContain("Provisional ratings");
    expect(board).toContain("arena_ana");
    expect(board).toContain("No ranked fighters yet.");
    const season = await get("/es/arena/leaderboard?scope=season");
    expect(season.status).toBe(200);
    expect(await textOf(season)).toContain("Puntuaciones provisionales");
  });

  it("shows 'Could not find an opponent.' after a wait that ran out, in both languages, and lets the member try again", async () => {
    await post("/en/arena", { intent: "join" }, people.ana.cookie);
    await t.services.db
      .update(arenaQueue)
      .set({ joinedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(arenaQueue.userId, people.ana.id));
    await t.services.character.matchmakeArena();
    expect(await textOf(await get("/en/arena", people.ana.cookie))).toContain("Could not find an opponent.");
    const es = await textOf(await get("/es/arena", people.ana.cookie));
    expect(es).toContain("No se pudo encontrar un oponente.");
    expect(es).toContain("Entrar en la cola");
  });

  it("answers 404 for a match that does not exist or a malformed address", async () => {
    expect((await get("/en/arena/matches/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await get("/en/arena/matches/not-a-match")).status).toBe(404);
  });
});
