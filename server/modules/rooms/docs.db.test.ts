import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { episodeDocUpdates, episodeGuestSessions, episodeRooms, episodeScriptVersions } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import type { RealtimeMessage } from "#server/platform/realtime";
import type { Services } from "#server/services";
import { ROOM_LIMITS, type RoomDoc } from "#shared/rooms";
import { textChange } from "#shared/text-change";
import { codeOf, member } from "#tests/support/forum-kit";
import { testServices } from "#tests/support/services";
import { roomChannel, type RoomViewer } from "./deps";
import { lineDiff } from "./compare-script-versions";
import { DocsStore, TEXT_NAME } from "./live/docs-store";
import { hashSecret, newSecret } from "./secrets";

/**
 * The live documents and the script's versions, through the real services container: updates stored and read
 * back by another store (a restart, a second instance), concurrent edits merged, compaction, version numbers
 * under concurrency (meaningful on PostgreSQL: `--project data-pg`), compare, restore, and who is refused.
 */
describe("episode room documents", () => {
  let ctx: Awaited<ReturnType<typeof testServices>>;
  let services: Services;
  let host: NonNullable<Actor>;
  let admin: NonNullable<Actor>;
  let outsider: NonNullable<Actor>;
  const now = new Date("2026-12-01T10:00:00Z");

  beforeAll(async () => {
    ctx = await testServices();
    services = ctx.services;
    host = await member(services.db, now, { roles: ["Moderator"] });
    admin = await member(services.db, now, { roles: ["Admin"] });
    outsider = await member(services.db, now, { roles: ["Moderator"] });
  });
  afterAll(() => ctx.close());

  /** A room hosted by `host`, with a guest session; the viewers who can be in it. */
  async function room(status: "preparing" | "published" = "preparing") {
    const id: string = randomUUID();
    await services.db.insert(episodeRooms).values({
      id,
      title: "Episode",
      guestName: "Greta Guest",
      guestEmail: "greta@example.test",
      hostId: host.userId,
      status,
    });
    const secret = newSecret();
    await services.db.insert(episodeGuestSessions).values({ id: randomUUID(), roomId: id, secretHash: hashSecret(secret) });
    const viewers = {
      host: { actor: host, guestSecret: null } satisfies RoomViewer,
      admin: { actor: admin, guestSecret: null } satisfies RoomViewer,
      guest: { actor: null, guestSecret: secret } satisfies RoomViewer,
      outsider: { actor: outsider, guestSecret: null } satisfies RoomViewer,
      visitor: { actor: null, guestSecret: null } satisfies RoomViewer,
    };
    return { id, secret, viewers };
  }

  /** A browser's copy of a document, typing through Yjs. */
  function client() {
    const ydoc = new Y.Doc();
    const updates: Uint8Array[] = [];
    ydoc.on("update", (u: Uint8Array, origin: unknown) => {
      if (origin !== "remote") updates.push(u);
    });
    return {
      ydoc,
      text: () => ydoc.getText(TEXT_NAME).toString(),
      type(value: string) {
        const change = textChange(this.text(), value);
        if (!change) return;
        ydoc.transact(() => {
          const t = ydoc.getText(TEXT_NAME);
          if (change.removed) t.delete(change.at, change.removed);
          if (change.inserted) t.insert(change.at, change.inserted);
        });
      },
      /** The updates typed since the last call. */
      take: () => updates.splice(0),
      receive: (u: Uint8Array) => Y.applyUpdate(ydoc, u, "remote"),
    };
  }

  const listen = (roomId: string) => {
    const heard: RealtimeMessage[] = [];
    const stop = services.realtime.subscribe(roomChannel(roomId), (m) => heard.push(m));
    return { heard, stop };
  };

  it("stores each edit and a fresh store (a restart, another instance) reads the same document", async () => {
    const r = await room();
    const a = client();
    a.type("Intro\n");
    a.type("Intro\nQuestion one\n");
    for (const update of a.take()) await services.rooms.editDoc(r.viewers.host, { roomId: r.id, doc: "script", update });
    expect((await services.rooms.docTexts(r.viewers.guest, r.id)).script).toBe("Intro\nQuestion one\n");

    const other = new DocsStore(services.db);
    expect(await other.text(r.id, "script")).toBe("Intro\nQuestion one\n");
    expect(await other.text(r.id, "notes")).toBe("");
    // Written through the second store, seen by the first (it reads the rows written since).
    const b = client();
    b.receive(Y.encodeStateAsUpdate(await other.load(r.id, "script")));
    b.type("Intro\nQuestion one\nQuestion two\n");
    for (const update of b.take()) await other.appendUpdate(r.id, "script", update);
    expect((await services.rooms.docTexts(r.viewers.host, r.id)).script).toBe("Intro\nQuestion one\nQuestion two\n");
  });

  it("merges two people typing at once: both edits survive, and the room hears each", async () => {
    const r = await room();
    const { heard, stop } = listen(r.id);
    const host1 = client();
    host1.type("Line A\nLine B\n");
    for (const update of host1.take()) await services.rooms.editDoc(r.viewers.host, { roomId: r.id, doc: "notes", update, from: "s1" });
    const guest1 = client();
    guest1.receive((await services.rooms.syncDoc(r.viewers.guest, { roomId: r.id, doc: "notes" })).update);
    // Both type before seeing the other's edit.
    host1.type("Host first\nLine A\nLine B\n");
    guest1.type("Line A\nLine B\nGuest last\n");
    await Promise.all([
      ...host1.take().map((update) => services.rooms.editDoc(r.viewers.host, { roomId: r.id, doc: "notes", update, from: "s1" })),
      ...guest1.take().map((update) => services.rooms.editDoc(r.viewers.guest, { roomId: r.id, doc: "notes", update, from: "s2" })),
    ]);
    const text = (await services.rooms.docTexts(r.viewers.host, r.id)).notes;
    expect(text).toBe("Host first\nLine A\nLine B\nGuest last\n");
    // Each side catches up with a state vector and ends with the same text.
    for (const c of [host1, guest1]) {
      const state = await services.rooms.syncDoc(r.viewers.host, {
        roomId: r.id,
        doc: "notes",
        stateVector: Y.encodeStateVector(c.ydoc),
      });
      c.receive(state.update);
      expect(c.text()).toBe(text);
    }
    const relayed = heard.filter((m) => m.type === "doc.update");
    expect(relayed.length).toBe(3);
    expect(new Set(relayed.map((m) => m.from))).toEqual(new Set(["s1", "s2"]));
    stop();
  });

  it("does not store an update the document already holds", async () => {
    const r = await room();
    const a = client();
    a.type("Same");
    const [update] = a.take();
    expect(await services.rooms.editDoc(r.viewers.host, { roomId: r.id, doc: "script", update })).not.toBeNull();
    expect(await services.rooms.editDoc(r.viewers.host, { roomId: r.id, doc: "script", update })).toBeNull();
    expect(await new DocsStore(services.db).rowCount(r.id, "script")).toBe(1);
  });

  it("refuses an update too large, unreadable, outside the text, or making the text too long", async () => {
    const r = await room();
    const edit = (update: Uint8Array, doc: RoomDoc = "script") =>
      codeOf(services.rooms.editDoc(r.viewers.host, { roomId: r.id, doc, update }));
    expect(await edit(new Uint8Array(ROOM_LIMITS.updateBytesMax + 1))).toBe("input.invalid");
    expect(await edit(new Uint8Array([9, 9, 9, 9, 9]))).toBe("input.invalid");
    const stray = new Y.Doc();
    stray.getMap("other").set("x", "y");
    expect(await edit(Y.encodeStateAsUpdate(stray))).toBe("input.invalid");
    const a = client();
    a.type("x".repeat(ROOM_LIMITS.docMax - 5));
    expect(await edit(a.take()[0])).toBe("no error");
    a.type("x".repeat(ROOM_LIMITS.docMax + 1));
    expect(await edit(a.take()[0])).toBe("rooms.doc_too_long");
    // The refused update left nothing behind, in the rows or in memory.
    expect((await services.rooms.docTexts(r.viewers.host, r.id)).script.length).toBe(ROOM_LIMITS.docMax - 5);
    expect(await edit(new Uint8Array(0), "notes")).toBe("input.invalid");
  });

  it("compacts many rows into one and keeps what is appended meanwhile", async () => {
    const r = await room();
    const store = new DocsStore(services.db, { compactAfterRows: 1_000_000 });
    const a = client();
    let expected = "";
    for (let i = 0; i < 30; i++) {
      expected += `line ${i}\n`;
      a.type(expected);
    }
    // Some deletions too, so compaction has something to collect.
    expected = expected.replace("line 3\n", "");
    a.type(expected);
    const updates = a.take();
    for (const u of updates.slice(0, 20)) await store.appendUpdate(r.id, "script", u);
    // Compaction and further appends at once: every append survives.
    await Promise.all([store.compact(r.id, "script"), ...updates.slice(20).map((u) => store.appendUpdate(r.id, "script", u))]);
    await store.compact(r.id, "script");
    expect(await store.rowCount(r.id, "script")).toBe(1);
    expect(await new DocsStore(services.db).text(r.id, "script")).toBe(expected);
    expect(await store.text(r.id, "script")).toBe(expected);
    // A store that read the rows before compaction reads on without reapplying anything wrongly.
    const more = `${expected}after\n`;
    a.type(more);
    for (const u of a.take()) await store.appendUpdate(r.id, "script", u);
    expect(await new DocsStore(services.db).text(r.id, "script")).toBe(more);
  });

  it("compacts by itself past the row limit", async () => {
    const r = await room();
    const store = new DocsStore(services.db, { compactAfterRows: 10 });
    const a = client();
    let text = "";
    for (let i = 0; i < 12; i++) {
      text += `${i},`;
      a.type(text);
      for (const u of a.take()) await store.appendUpdate(r.id, "notes", u);
    }
    expect(await store.rowCount(r.id, "notes")).toBeLessThanOrEqual(2);
    expect(await new DocsStore(services.db).text(r.id, "notes")).toBe(text);
  });

  it("numbers versions 1, 2, 3… even when saved at once, newest first in the list", async () => {
    const r = await room();
    const a = client();
    a.type("Version body");
    await services.rooms.editDoc(r.viewers.host, { roomId: r.id, doc: "script", update: a.take()[0] });
    const { heard, stop } = listen(r.id);
    const saved = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        services.rooms.saveScriptVersion(i % 2 ? r.viewers.guest : r.viewers.host, { roomId: r.id, summary: ` Save ${i} ` }),
      ),
    );
    expect(saved.map((s) => s.number).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(heard.filter((m) => m.type === "version.saved")).toHaveLength(8);
    stop();
    const list = await services.rooms.listScriptVersions(r.viewers.guest, { roomId: r.id });
    expect(list.total).toBe(8);
    expect(list.items.map((v) => v.number)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    const rows = await services.db.select().from(episodeScriptVersions).where(eq(episodeScriptVersions.roomId, r.id));
    expect(rows.every((v) => v.body === "Version body" && /^Save \d$/.test(v.summary))).toBe(true);
    expect(new Set(rows.map((v) => `${v.authorRole}:${v.authorName}`))).toEqual(new Set([`host:${host.username}`, "guest:Greta Guest"]));
    expect(
      await codeOf(services.rooms.saveScriptVersion(r.viewers.host, { roomId: r.id, summary: "x".repeat(ROOM_LIMITS.summaryMax + 1) })),
    ).toBe("input.invalid");
  });

  it("compares two versions line by line, and restores one as a new version that the live script follows", async () => {
    const r = await room();
    const a = client();
    a.type("Hello\nTopic one\nBye\n");
    for (const update of a.take()) await services.rooms.editDoc(r.viewers.host, { roomId: r.id, doc: "script", update });
    await services.rooms.saveScriptVersion(r.viewers.host, { roomId: r.id, summary: "first" });
    a.type("Hello\nTopic two\nBye\nPS\n");
    for (const update of a.take()) await services.rooms.editDoc(r.viewers.guest, { roomId: r.id, doc: "script", update });
    await services.rooms.saveScriptVersion(r.viewers.guest, { roomId: r.id, summary: "second" });

    const diff = await services.rooms.compareScriptVersions(r.viewers.host, { roomId: r.id, from: "1", to: "2" });
    expect(diff.parts).toEqual([
      { kind: "same", text: "Hello\n" },
      { kind: "removed", text: "Topic one\n" },
      { kind: "added", text: "Topic two\n" },
      { kind: "same", text: "Bye\n" },
      { kind: "added", text: "PS\n" },
    ]);
    expect([diff.added, diff.removed]).toEqual([2, 1]);
    expect(await codeOf(services.rooms.compareScriptVersions(r.viewers.host, { roomId: r.id, from: 1, to: 9 }))).toBe(
      "rooms.version_not_found",
    );

    const { heard, stop } = listen(r.id);
    const restored = await services.rooms.restoreScriptVersion(r.viewers.guest, { roomId: r.id, number: 1 });
    expect(restored).toEqual({ number: 3, restoredFrom: 1 });
    expect((await services.rooms.docTexts(r.viewers.host, r.id)).script).toBe("Hello\nTopic one\nBye\n");
    const [v3] = await services.db
      .select()
      .from(episodeScriptVersions)
      .where(and(eq(episodeScriptVersions.roomId, r.id), eq(episodeScriptVersions.number, 3)));
    expect(v3).toMatchObject({ restoredFrom: 1, body: "Hello\nTopic one\nBye\n", authorRole: "guest" });
    // The editors follow: the change was relayed like an edit, then the version announced.
    const update = heard.find((m) => m.type === "doc.update");
    expect(update).toMatchObject({ doc: "script", from: "server" });
    a.receive(new Uint8Array(Buffer.from(String(update!.update), "base64")));
    expect(a.text()).toBe("Hello\nTopic one\nBye\n");
    expect(heard.at(-1)).toEqual({ type: "version.saved", number: 3 });
    stop();
    expect(await codeOf(services.rooms.restoreScriptVersion(r.viewers.host, { roomId: r.id, number: 42 }))).toBe("rooms.version_not_found");
  });

  it("a large restore is announced as a change to fetch, not inline", async () => {
    const r = await room();
    const a = client();
    a.type(`Short${"long text ".repeat(2000)}`);
    await services.rooms.editDoc(r.viewers.host, { roomId: r.id, doc: "script", update: a.take()[0] });
    await services.rooms.saveScriptVersion(r.viewers.host, { roomId: r.id });
    // Deleting is small; restoring the long text inserts it again.
    a.type("Short");
    await services.rooms.editDoc(r.viewers.host, { roomId: r.id, doc: "script", update: a.take()[0] });
    const { heard, stop } = listen(r.id);
    await services.rooms.restoreScriptVersion(r.viewers.host, { roomId: r.id, number: 1 });
    stop();
    expect(heard.find((m) => m.type.startsWith("doc."))).toMatchObject({ type: "doc.changed", doc: "script" });
  });

  it("refuses visitors, outsiders, a guest of another room, and changes to a published room", async () => {
    const r = await room();
    const other = await room();
    const a = client();
    a.type("text");
    const update = a.take()[0];
    const tries = (viewer: RoomViewer, roomId = r.id) => [
      codeOf(services.rooms.editDoc(viewer, { roomId, doc: "script", update })),
      codeOf(services.rooms.syncDoc(viewer, { roomId, doc: "script" })),
      codeOf(services.rooms.docTexts(viewer, roomId)),
      codeOf(services.rooms.saveScriptVersion(viewer, { roomId, summary: "" })),
      codeOf(services.rooms.listScriptVersions(viewer, { roomId })),
      codeOf(services.rooms.compareScriptVersions(viewer, { roomId, from: 1, to: 1 })),
      codeOf(services.rooms.restoreScriptVersion(viewer, { roomId, number: 1 })),
      codeOf(services.rooms.enterLive(viewer, roomId)),
    ];
    for (const viewer of [r.viewers.visitor, r.viewers.outsider, other.viewers.guest])
      expect(new Set(await Promise.all(tries(viewer)))).toEqual(new Set(["rooms.forbidden"]));
    expect(new Set(await Promise.all(tries(r.viewers.host, "not-a-room")))).toEqual(new Set(["rooms.not_found"]));
    // An Admin may be in any room.
    expect(await codeOf(services.rooms.editDoc(r.viewers.admin, { roomId: r.id, doc: "script", update }))).toBe("no error");

    await services.rooms.saveScriptVersion(r.viewers.host, { roomId: r.id });
    await services.db.update(episodeRooms).set({ status: "published" }).where(eq(episodeRooms.id, r.id));
    const b = client();
    b.type("more");
    const later = b.take()[0];
    expect(await codeOf(services.rooms.editDoc(r.viewers.host, { roomId: r.id, doc: "script", update: later }))).toBe("rooms.published");
    expect(await codeOf(services.rooms.saveScriptVersion(r.viewers.host, { roomId: r.id }))).toBe("rooms.published");
    expect(await codeOf(services.rooms.restoreScriptVersion(r.viewers.host, { roomId: r.id, number: 1 }))).toBe("rooms.published");
    // Reading stays for the host; the guest's access has ended.
    expect((await services.rooms.docTexts(r.viewers.host, r.id)).script).toBe("text");
    expect((await services.rooms.enterLive(r.viewers.host, r.id)).edit).toBe(false);
    expect(await codeOf(services.rooms.docTexts(r.viewers.guest, r.id))).toBe("rooms.forbidden");
    expect(await services.db.select().from(episodeDocUpdates).where(eq(episodeDocUpdates.roomId, r.id))).toHaveLength(1);
  });

  it("lineDiff marks nothing when the texts are equal", () => {
    expect(lineDiff("a\nb\n", "a\nb\n")).toEqual({ parts: [{ kind: "same", text: "a\nb\n" }], added: 0, removed: 0 });
  });
});

describe("textChange", () => {
  it("finds the one edit between two texts, never splitting an emoji", () => {
    expect(textChange("abc", "abc")).toBeNull();
    expect(textChange("hello world", "hello brave world")).toEqual({ at: 6, removed: 0, inserted: "brave " });
    expect(textChange("aaa", "aa")).toEqual({ at: 2, removed: 1, inserted: "" });
    // 😀 and 😁 share their first UTF-16 half.
    expect(textChange("x😀y", "x😁y")).toEqual({ at: 1, removed: 2, inserted: "😁" });
  });
});
