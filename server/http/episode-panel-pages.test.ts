import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#server/db/factories";
import { episodeFiles, episodeLinks, episodeMessages, episodeRooms } from "#server/db/schema";
import { BODY_LIMITS, bodyLimitFor } from "#server/http/body-limits";
import { DomainError } from "#server/modules/errors";
import { guestCookieName, ROOM_LIMITS } from "#shared/rooms";
import { cookiesFrom, signIn, testApp, type TestApp } from "#tests/support/app";
import { pageClient, textOf } from "#tests/support/pages";
import { addToken, makeGuestSession, makeRoom } from "#tests/support/rooms-content-kit";

/**
 * /episode-panel/{roomId}, its guest access page and its file downloads, driven as a browser without JavaScript
 * would. THE ACCESS MATRIX: a signed-in member who is neither host nor guest, a guest of another room (room B's
 * valid cookie on room A) and a visitor are refused on every room page, every form intent and every download;
 * the host, the guest (after the join redirect, with its cookie) and an Admin get in. The join page says each of
 * SPEC §8's token messages in both languages.
 */
let t: TestApp;
const PW = "correct-horse-battery";
const { get, post } = pageClient(() => t, "198.51.130");
const cookies = { host: "", admin: "", member: "", guestAccount: "" };
let roomA: { id: string; token: string };
let roomB: { id: string; token: string };
/** Room A's guest, after the join redirect (the cookie it set). */
let guestA = "";
/** Room B's guest: a valid cookie, for the wrong room. */
let guestB = "";
let fileA = "";
let linkA = "";

const roomUrl = (id: string, lang = "en") => `/${lang}/episode-panel/${id}`;
const upload = (roomId: string, cookie: string, name = "notes.txt", text = "the draft") => {
  const form = new FormData();
  form.set("intent", "file-upload");
  form.set("file", new File([text], name, { type: "text/plain" }));
  return t.request(roomUrl(roomId), { method: "POST", cookie, body: form, headers: { "x-test-ip": "198.51.131.1" } });
};

beforeAll(async () => {
  t = await testApp({ CLIENT_IP_HEADER: "x-test-ip" });
  const db = t.services.db;
  const host = await createUser(db, { roles: ["Moderator"], username: "panel_host" });
  const admin = await createUser(db, { roles: ["Admin"], username: "panel_admin" });
  const member = await createUser(db, { roles: ["Moderator"], username: "panel_member" });
  const guestAccount = await createUser(db, { username: "panel_guest" });
  cookies.host = await signIn(t, host.email, PW);
  cookies.admin = await signIn(t, admin.email, PW);
  cookies.member = await signIn(t, member.email, PW);
  cookies.guestAccount = await signIn(t, guestAccount.email, PW);
  roomA = await makeRoom(db, { hostId: host.id, title: "Level design with Marta", guestName: "Marta Ruiz" });
  roomB = await makeRoom(db, { hostId: host.id, title: "Room B" });
  guestB = `${guestCookieName(roomB.id)}=${await makeGuestSession(db, roomB.id)}`;
});
afterAll(async () => {
  await t?.close();
});

describe("the guest access page", () => {
  it("spends the token, sets the room's cookie and sends the guest on to the room without the token in the address", async () => {
    const res = await get(`${roomUrl(roomA.id)}/join?token=${roomA.token}`);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(roomUrl(roomA.id));
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.headers.get("cache-control")).toContain("no-store");
    const [cookie] = res.headers.getSetCookie();
    expect(cookie).toMatch(new RegExp(`^${guestCookieName(roomA.id)}=[A-Za-z0-9_-]{43}; `));
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain(`Max-Age=${90 * 24 * 3600}`);
    // The test site is plain http.
    expect(cookie).not.toContain("Secure");
    expect(await res.text()).not.toContain(roomA.token);
    guestA = cookiesFrom(res);

    const room = await get(roomUrl(roomA.id), guestA);
    expect(room.status).toBe(200);
    const text = await textOf(room);
    expect(text).toContain("Level design with Marta");
    expect(text).toContain("You are here as: Guest");
  });

  it("says each token message in both languages, with what to do, never echoing the token, and is never indexed", async () => {
    const used = roomA.token;
    // A link past its date, and one the host withdrew, say what a used one says.
    const db = t.services.db;
    const expired = (await addToken(db, roomA.id, new Date(Date.now() - 15 * 86_400_000), 14)).token;
    const revoked = (await addToken(db, roomA.id, new Date(), 14, { revokedAt: new Date() })).token;
    const cases: [string, string, number, string, string][] = [
      [`${roomUrl(roomA.id)}/join?token=${expired}`, "en", 410, "The access token is invalid or has expired.", "Ask the episode's host"],
      [
        `${roomUrl(roomA.id, "es")}/join?token=${revoked}`,
        "es",
        410,
        "El token de acceso no es válido o ha caducado.",
        "Pide al presentador",
      ],
      [`${roomUrl(roomA.id)}/join`, "en", 400, "No access token was provided.", "Ask the episode's host"],
      [`${roomUrl(roomA.id, "es")}/join`, "es", 400, "No se proporcionó ningún token de acceso.", "Pide al presentador"],
      [`${roomUrl(roomA.id)}/join?token=${used}`, "en", 410, "The access token is invalid or has expired.", "Ask the episode's host"],
      [`${roomUrl(roomA.id, "es")}/join?token=${used}`, "es", 410, "El token de acceso no es válido o ha caducado.", "Pide al presentador"],
      [`${roomUrl(roomA.id)}/join?token=garbage`, "en", 410, "The access token is invalid or has expired.", "Ask the episode's host"],
      [`${roomUrl(randomUUID())}/join?token=${used}`, "en", 404, "Could not find the episode room.", "Ask the episode's host"],
      [`${roomUrl(randomUUID(), "es")}/join?token=${used}`, "es", 404, "No se pudo encontrar la sala del episodio.", "Pide al presentador"],
    ];
    for (const [path, , status, message, next] of cases) {
      let res = await get(path);
      if (path.includes("token=")) {
        // The message is shown at an address without the token.
        expect(res.status, path).toBe(303);
        expect(res.headers.get("referrer-policy"), path).toBe("no-referrer");
        const location = res.headers.get("location")!;
        expect(location, path).toMatch(/\/join\?failed=[a-z_]+$/);
        res = await get(location);
      }
      expect(res.status, path).toBe(status);
      expect(res.headers.get("referrer-policy"), path).toBe("no-referrer");
      const html = await res.text();
      expect(html, path).toContain('content="noindex, nofollow"');
      expect(html, path).not.toContain(used);
      const text = await textOf(new Response(html));
      expect(text, path).toContain(message);
      expect(text, path).toContain(next);
      expect(text, path).toMatch(/<h1[^>]*>/);
    }
  });

  it("says 'Could not verify your access.' and 'Could not start guest session.' when the database fails, in both languages", async () => {
    const rooms = t.services.rooms;
    const original = rooms.verifyGuestToken;
    try {
      for (const [code, en, es, status] of [
        ["rooms.verify_failed", "Could not verify your access.", "No se pudo verificar tu acceso.", 503],
        ["rooms.guest_session_failed", "Could not start guest session.", "No se pudo iniciar la sesión de invitado.", 503],
      ] as const) {
        rooms.verifyGuestToken = async () => {
          throw new DomainError(code);
        };
        const first = await get(`${roomUrl(roomB.id)}/join?token=${roomB.token}`);
        const resEn = await get(first.headers.get("location")!);
        expect(resEn.status).toBe(status);
        expect(await textOf(resEn)).toContain(en);
        const firstEs = await get(`${roomUrl(roomB.id, "es")}/join?token=${roomB.token}`);
        expect(firstEs.headers.get("location")).toContain("/es/episode-panel/");
        expect(await textOf(await get(firstEs.headers.get("location")!))).toContain(es);
      }
    } finally {
      rooms.verifyGuestToken = original;
    }
  });

  it("sends someone who may already enter straight to the room: the guest with its cookie, the host, an Admin", async () => {
    for (const cookie of [guestA, cookies.host, cookies.admin]) {
      const res = await get(`${roomUrl(roomA.id)}/join`, cookie);
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe(roomUrl(roomA.id));
    }
    // The used link opened again by its guest leads in too.
    expect((await get(`${roomUrl(roomA.id)}/join?token=${roomA.token}`, guestA)).status).toBe(303);
    // Not a member who is not in the room.
    expect((await get(`${roomUrl(roomA.id)}/join`, cookies.member)).status).toBe(400);
  });
});

describe("the room page", () => {
  it("opens for the host, the guest and an Admin; the guest's email only for the host and Admins; never indexed", async () => {
    for (const [who, cookie, role] of [
      ["host", cookies.host, "Host"],
      ["guest", guestA, "Guest"],
      ["admin", cookies.admin, "Admin"],
    ] as const) {
      const res = await get(roomUrl(roomA.id), cookie);
      expect(res.status, who).toBe(200);
      expect(res.headers.get("cache-control"), who).toContain("no-store");
      const html = await res.text();
      expect(html, who).toContain('content="noindex, nofollow"');
      const text = await textOf(new Response(html));
      expect(text, who).toContain(`You are here as: ${role}`);
      expect(text, who).toContain("Preparing");
      for (const heading of ["Script", "Schedule", "Chat", "Links", "Files", "Notes"]) expect(text, `${who} ${heading}`).toContain(heading);
      expect(text, who).toContain("No messages yet");
      if (who === "guest") expect(text).not.toContain("marta@example.test");
      else expect(text, who).toContain("marta@example.test");
    }
    const es = await textOf(await get(roomUrl(roomA.id, "es"), guestA));
    expect(es).toContain("Preparando");
    expect(es).toContain("Guion");
    expect(es).toContain("Todavía no hay mensajes");
  });

  it("refuses a visitor (with a way to sign in), a member who is not in the room and a guest of another room; an unknown room is 404", async () => {
    const visitor = await get(roomUrl(roomA.id));
    expect(visitor.status).toBe(403);
    const vText = await textOf(visitor);
    expect(vText).toContain("You are not authorized to view this page.");
    expect(vText).toContain(`/en/login?redirectTo=${encodeURIComponent(`/episode-panel/${roomA.id}`)}`);
    expect(vText).not.toContain("Level design with Marta");
    for (const cookie of [cookies.member, guestB, cookies.guestAccount]) {
      const res = await get(roomUrl(roomA.id), cookie);
      expect(res.status).toBe(403);
      const text = await textOf(res);
      expect(text).toContain("You are not authorized to view this page.");
      expect(text).not.toContain("Level design with Marta");
    }
    const es = await get(roomUrl(roomA.id, "es"), cookies.member);
    expect(await textOf(es)).toContain("No tienes autorización para ver esta página.");
    const missing = await get(roomUrl(randomUUID()), cookies.host);
    expect(missing.status).toBe(404);
    expect(await textOf(missing)).toContain("Could not find the episode room.");
    expect((await get(roomUrl("not-a-room"), cookies.admin)).status).toBe(404);
  });

  it("lets the guest and the host chat, add and remove links, upload, download and delete files", async () => {
    const sent = await post(roomUrl(roomA.id), { intent: "chat", body: "Hello from Marta" }, guestA);
    expect(sent.status).toBe(200);
    expect(await textOf(sent)).toContain("Message sent.");
    expect(await textOf(await get(roomUrl(roomA.id), cookies.host))).toContain("Hello from Marta");

    const tooLong = await post(roomUrl(roomA.id), { intent: "chat", body: "x".repeat(ROOM_LIMITS.chatMax + 1) }, guestA);
    expect(tooLong.status).toBe(400);
    expect(await textOf(tooLong)).toContain(`A message can be up to ${ROOM_LIMITS.chatMax} characters.`);

    expect(
      (await post(roomUrl(roomA.id), { intent: "link-add", title: "Press kit", url: "https://example.com/kit" }, cookies.host)).status,
    ).toBe(200);
    const bad = await post(roomUrl(roomA.id), { intent: "link-add", title: "Bad", url: "javascript:alert(1)" }, cookies.host);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('value="javascript:alert(1)"');
    [{ id: linkA }] = await t.services.db.select({ id: episodeLinks.id }).from(episodeLinks).where(eq(episodeLinks.roomId, roomA.id));

    const up = await upload(roomA.id, guestA, "guion final.txt", "INT. STUDIO");
    expect(up.status).toBe(200);
    expect(await textOf(up)).toContain("File uploaded.");
    [{ id: fileA }] = await t.services.db.select({ id: episodeFiles.id }).from(episodeFiles).where(eq(episodeFiles.roomId, roomA.id));
    for (const cookie of [cookies.host, guestA, cookies.admin]) {
      const dl = await get(`${roomUrl(roomA.id)}/files/${fileA}`, cookie);
      expect(dl.status).toBe(200);
      expect(dl.headers.get("content-disposition")).toBe(`attachment; filename="guion final.txt"; filename*=UTF-8''guion%20final.txt`);
      expect(dl.headers.get("x-content-type-options")).toBe("nosniff");
      expect(dl.headers.get("cache-control")).toBe("private, no-store");
      expect(await dl.text()).toBe("INT. STUDIO");
    }
    // Nothing of the room is served by /media.
    const [row] = await t.services.db.select().from(episodeFiles).where(eq(episodeFiles.id, fileA));
    expect((await get(`/media/${row!.storageKey}`)).status).toBe(404);
  });

  it("refuses every form intent and every download to a visitor, a member who is not in the room and a guest of another room", async () => {
    const before = {
      messages: (await t.services.db.select().from(episodeMessages).where(eq(episodeMessages.roomId, roomA.id))).length,
      links: (await t.services.db.select().from(episodeLinks).where(eq(episodeLinks.roomId, roomA.id))).length,
      files: (await t.services.db.select().from(episodeFiles).where(eq(episodeFiles.roomId, roomA.id))).length,
    };
    const intents: Record<string, string>[] = [
      { intent: "chat", body: "intruder" },
      { intent: "link-add", title: "Spam", url: "https://example.com/spam" },
      { intent: "link-remove", linkId: linkA },
      { intent: "file-delete", fileId: fileA },
      { intent: "link-account" },
    ];
    for (const [who, cookie] of [
      ["visitor", undefined],
      ["member", cookies.member],
      ["guest of another room", guestB],
    ] as const) {
      for (const fields of intents) {
        const res = await post(roomUrl(roomA.id), fields, cookie);
        expect(res.status, `${who} ${fields.intent}`).toBe(403);
        expect(await textOf(res), `${who} ${fields.intent}`).toContain("You are not authorized to view this page.");
      }
      expect((await upload(roomA.id, cookie ?? "")).status, `${who} upload`).toBe(403);
      const dl = await get(`${roomUrl(roomA.id)}/files/${fileA}`, cookie);
      expect(dl.status, `${who} download`).toBe(403);
      expect(await dl.text()).toBe("You are not authorized to view this page.");
    }
    expect((await get(`${roomUrl(roomA.id)}/files/${randomUUID()}`, cookies.host)).status).toBe(404);
    expect((await t.services.db.select().from(episodeMessages).where(eq(episodeMessages.roomId, roomA.id))).length).toBe(before.messages);
    expect((await t.services.db.select().from(episodeLinks).where(eq(episodeLinks.roomId, roomA.id))).length).toBe(before.links);
    expect((await t.services.db.select().from(episodeFiles).where(eq(episodeFiles.roomId, roomA.id))).length).toBe(before.files);
    // An intent nobody knows.
    expect((await post(roomUrl(roomA.id), { intent: "nope" }, cookies.host)).status).toBe(400);
  });

  it("offers a signed-in guest to link the access to their account, which then opens the room alone", async () => {
    const both = `${cookies.guestAccount}; ${guestA}`;
    const page = await textOf(await get(roomUrl(roomA.id), both));
    expect(page).toContain("Link this guest access to my account");
    expect((await post(roomUrl(roomA.id), { intent: "link-account" }, cookies.host)).status).toBe(403);
    const linked = await post(roomUrl(roomA.id), { intent: "link-account" }, both);
    expect(linked.status).toBe(200);
    expect(await textOf(linked)).toContain("This guest access is now linked to your account.");
    const alone = await get(roomUrl(roomA.id), cookies.guestAccount);
    expect(alone.status).toBe(200);
    expect(await textOf(alone)).toContain("You are here as: Guest");
  });

  it("once published, the guest is out and the host still reads", async () => {
    const db = t.services.db;
    await db.update(episodeRooms).set({ status: "published" }).where(eq(episodeRooms.id, roomA.id));
    try {
      expect((await get(roomUrl(roomA.id), guestA)).status).toBe(403);
      expect((await get(roomUrl(roomA.id), cookies.guestAccount)).status).toBe(403);
      expect((await get(`${roomUrl(roomA.id)}/files/${fileA}`, guestA)).status).toBe(403);
      const host = await get(roomUrl(roomA.id), cookies.host);
      expect(host.status).toBe(200);
      expect(await textOf(host)).toContain("This episode is published");
      expect((await post(roomUrl(roomA.id), { intent: "chat", body: "late" }, cookies.host)).status).toBe(409);
    } finally {
      await db.update(episodeRooms).set({ status: "preparing" }).where(eq(episodeRooms.id, roomA.id));
    }
  });

  it("takes a 25 MB file on the room's address only", () => {
    expect(bodyLimitFor("POST", `/en/episode-panel/${roomA.id}`)).toBe(BODY_LIMITS.roomFile);
    expect(bodyLimitFor("POST", `/episode-panel/${roomA.id}.data`)).toBe(BODY_LIMITS.roomFile);
    expect(BODY_LIMITS.roomFile).toBeGreaterThan(ROOM_LIMITS.fileBytesMax);
    expect(bodyLimitFor("POST", `/en/episode-panel/${roomA.id}/join`)).toBe(BODY_LIMITS.form);
  });
});
