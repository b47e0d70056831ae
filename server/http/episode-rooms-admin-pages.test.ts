import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createUser } from "#server/db/factories";
import { episodeRooms } from "#server/db/schema";
import { signIn, testApp, type TestApp } from "#tests/support/app";
import { pageClient, textOf } from "#tests/support/pages";
import { startSmtpServer } from "#tests/support/smtp";

/**
 * /admin/episode-rooms as a browser without JavaScript sees it: the help and the rooms for the team in both
 * languages, refused to everyone else, a create form that keeps what was typed on a refusal, and the success
 * message of each action.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const PW = "correct-horse-battery";
const { get, post } = pageClient(() => t, "198.51.121");
const cookies = { admin: "", moderator: "", creator: "" };
const FORM = {
  intent: "create",
  formId: "create",
  title: "Level design talk",
  guestName: "Marta Gil",
  guestEmail: "marta@example.com",
  guestLocale: "en",
  podcastId: "",
  hostTimeZone: "Europe/Madrid",
};

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await testApp({ CLIENT_IP_HEADER: "x-test-ip", SMTP_URL: smtp.url });
  const db = t.services.db;
  const admin = await createUser(db, { roles: ["Admin"], username: "rooms_tab_admin" });
  const moderator = await createUser(db, { roles: ["Moderator"], username: "rooms_tab_mod" });
  const creator = await createUser(db, { username: "rooms_tab_creator" });
  cookies.admin = await signIn(t, admin.email, PW);
  cookies.moderator = await signIn(t, moderator.email, PW);
  cookies.creator = await signIn(t, creator.email, PW);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
beforeEach(async () => {
  smtp.received.length = 0;
  await t.services.db.delete(episodeRooms);
});

describe("/admin/episode-rooms", () => {
  it("shows the help, the create form and the empty list to an Admin, in both languages", async () => {
    const en = await get("/en/admin/episode-rooms", cookies.admin);
    expect(en.status).toBe(200);
    const html = await en.text();
    expect(html).toContain('content="noindex, nofollow"');
    expect(html).toContain('href="/en/admin/episode-rooms"');
    const text = await textOf(new Response(html));
    expect(text).toContain("Episode rooms");
    expect(text).toContain("Guests need no account");
    expect(text).toContain("for 14 days");
    expect(text).toContain("Open a room and invite a guest");
    expect(text).toContain("No rooms yet");
    expect(text).toContain("Episode room settings");
    const es = await textOf(await get("/es/admin/episode-rooms", cookies.admin));
    expect(es).toContain("Salas de episodio");
    expect(es).toContain("Los invitados no necesitan cuenta");
    expect(es).toContain("Todavía no hay salas");
    expect(es).toContain("Preparando");
  });

  it("is the team's: a Moderator sees it without the settings; a creator and a visitor are refused", async () => {
    const mod = await textOf(await get("/en/admin/episode-rooms", cookies.moderator));
    expect(mod).toContain("Open a room and invite a guest");
    expect(mod).not.toContain("Episode room settings");
    // The admin area sends anyone off the team to the home page.
    const creator = await get("/en/admin/episode-rooms", cookies.creator);
    expect(creator.status).toBe(302);
    expect(creator.headers.get("location")).not.toContain("episode-rooms");
    const visitor = await get("/en/admin/episode-rooms");
    expect([302, 303]).toContain(visitor.status);
    expect(visitor.headers.get("location")).toContain("/login?redirectTo=%2Fadmin%2Fepisode-rooms");
    // Their posts are refused too, and open nothing.
    expect((await post("/en/admin/episode-rooms", FORM, cookies.creator)).status).toBe(302);
    expect([302, 303, 401]).toContain((await post("/en/admin/episode-rooms", FORM)).status);
    expect(await t.services.db.select().from(episodeRooms)).toEqual([]);
    expect(smtp.received).toEqual([]);
  });

  it("opens a room: says so, mails the guest and lists the room with its pending link", async () => {
    const res = await post("/en/admin/episode-rooms", FORM, cookies.moderator);
    expect(res.status).toBe(200);
    const text = await textOf(res);
    expect(text).toContain("The room “Level design talk” is open and the invitation was emailed to marta@example.com.");
    expect(smtp.received.map((m) => m.to)).toEqual([["marta@example.com"]]);
    const list = await textOf(await get("/en/admin/episode-rooms", cookies.moderator));
    expect(list).toContain("Level design talk");
    expect(list).toContain("Marta Gil");
    expect(list).toContain("Link works until");
    expect(list).toContain("Publish episode");
    // Another Moderator does not see it; an Admin does.
    expect(await textOf(await get("/en/admin/episode-rooms", cookies.admin))).toContain("Level design talk");
  });

  it("keeps what was typed when the form is refused, with each field's message", async () => {
    const res = await post("/en/admin/episode-rooms", { ...FORM, guestEmail: "not-an-email", hostTimeZone: "Nowhere/Land" }, cookies.admin);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('value="Level design talk"');
    expect(html).toContain('value="Marta Gil"');
    expect(html).toContain('value="not-an-email"');
    expect(html).toContain('value="Nowhere/Land"');
    const text = await textOf(new Response(html));
    expect(text).toContain("Enter the guest's email address, like name@example.com.");
    expect(text).toContain("Enter a time zone by its name");
    expect(await t.services.db.select().from(episodeRooms)).toEqual([]);
  });

  it("changes the status, ends the guest's access and publishes, each with its message", async () => {
    await post("/en/admin/episode-rooms", FORM, cookies.admin);
    const [room] = await t.services.db.select().from(episodeRooms);
    const act = (fields: Record<string, string>) => post("/es/admin/episode-rooms", { roomId: room.id, ...fields }, cookies.admin);
    expect(await textOf(await act({ intent: "status", status: "ready" }))).toContain("«Level design talk» ya está lista.");
    expect(await textOf(await act({ intent: "revoke" }))).toContain("El acceso del invitado a «Level design talk» ha terminado.");
    expect(await textOf(await act({ intent: "publish", files: "keep" }))).toContain(
      "«Level design talk» está publicado; sus archivos se han conservado.",
    );
    const again = await act({ intent: "status", status: "editing" });
    expect(again.status).toBe(409);
    expect(await textOf(again)).toContain("La sala no puede pasar a ese estado");
    expect(await textOf(await act({ intent: "purge-files" }))).toContain("Se han borrado 0 archivos de «Level design talk».");
  });

  it("saves the rooms' settings for an Admin and refuses a Moderator", async () => {
    const ok = await post("/en/admin/episode-rooms", { intent: "settings", tokenDays: "7", chatPerMinute: "30" }, cookies.admin);
    expect(await textOf(ok)).toContain("The episode room settings were saved.");
    expect(await t.services.settings.get("episode_rooms")).toEqual({ tokenDays: 7, chatPerMinute: 30 });
    const bad = await post("/en/admin/episode-rooms", { intent: "settings", tokenDays: "500", chatPerMinute: "30" }, cookies.admin);
    expect(bad.status).toBe(400);
    expect(await textOf(bad)).toContain("Enter a whole number within the allowed range.");
    const refused = await post("/en/admin/episode-rooms", { intent: "settings", tokenDays: "3", chatPerMinute: "30" }, cookies.moderator);
    expect(refused.status).toBe(403);
    expect((await t.services.settings.get("episode_rooms")).tokenDays).toBe(7);
    await t.services.settings.write("episode_rooms", { tokenDays: 14, chatPerMinute: 20 }, "test");
  });
});
