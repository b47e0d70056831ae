import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client";
import { createUser, ensureRoles } from "#server/db/factories";
import { auditLog, avatarRenders, characters, equipment, items, profiles, userItems } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { ensureGamificationDefaults } from "#server/modules/gamification";
import { SettingsStore } from "#server/modules/site/settings";
import { EventBus } from "#server/platform/events";
import type { Jobs } from "#server/platform/jobs";
import { createLogger } from "#server/platform/logger";
import { RateLimiter } from "#server/platform/rate-limit";
import { createInProcessRealtime, userChannel, type RealtimeMessage } from "#server/platform/realtime";
import { LocalStorage } from "#server/platform/storage";
import { testActor } from "#tests/support/actors";
import { testDatabase } from "#tests/support/db";
import { codeOf, errorOf, testClock } from "#tests/support/forum-kit";
import type { CharacterDeps } from "#server/modules/character/deps";
import { ensureItemCatalogue } from "#server/modules/character/items-admin/ensure-catalogue";
import { registerCharacterListeners } from "#server/modules/character/listeners";
import { avatarStatus } from "./avatar-status";
import { cancelRender } from "./cancel-render";
import { chooseAvatar } from "./choose-avatar";
import { forceRender } from "./force-render";
import { listRenders } from "./list-renders";
import { renderAvatar } from "./render-avatar";
import { renderedAvatars } from "./rendered-avatars";
import { requestRender } from "./request-render";
import { requeueRender } from "./requeue-render";

const PNG = [0x89, 0x50, 0x4e, 0x47];

describe("avatar renders", () => {
  let database: DatabaseHandle;
  let dir: string;
  let deps: CharacterDeps;
  /** The same, with a job queue that only records what is sent (renders stay pending). */
  let queued: CharacterDeps;
  let sent: string[] = [];
  const clock = testClock(new Date("2026-12-07T10:00:00Z"));
  const log = createLogger("error", {}, () => {});
  const messages: { channel: string; message: RealtimeMessage }[] = [];
  const changed: string[] = [];
  let admin: NonNullable<Actor>;
  let moderator: NonNullable<Actor>;

  const member = async (over: { avatarUrl?: string | null; characterClass?: "warrior" | "mage" | "rogue" | "trader" } = {}) => {
    const u = await createUser(database.db);
    if (over.avatarUrl !== undefined) await database.db.update(profiles).set({ avatarUrl: over.avatarUrl }).where(eq(profiles.id, u.id));
    if (over.characterClass) await database.db.insert(characters).values({ userId: u.id, characterClass: over.characterClass });
    return testActor({ userId: u.id, username: u.username });
  };
  const wear = async (userId: string, itemId: string) => {
    const [item] = await database.db.select().from(items).where(eq(items.id, itemId));
    await database.db.insert(userItems).values({ userId, itemId, source: "grant" }).onConflictDoNothing();
    await database.db
      .insert(equipment)
      .values({ userId, slot: item!.slot, itemId })
      .onConflictDoUpdate({ target: [equipment.userId, equipment.slot], set: { itemId } });
  };
  const renderRow = async (id: string) => (await database.db.select().from(avatarRenders).where(eq(avatarRenders.id, id)))[0]!;
  const characterOf = async (userId: string) => (await database.db.select().from(characters).where(eq(characters.userId, userId)))[0]!;
  const profileUrl = async (userId: string) => (await database.db.select().from(profiles).where(eq(profiles.id, userId)))[0]!.avatarUrl;

  beforeAll(async () => {
    database = await testDatabase();
    await ensureRoles(database.db);
    await ensureGamificationDefaults(database.db);
    dir = await mkdtemp(join(tmpdir(), "avatar-test-"));
    const realtime = createInProcessRealtime(log);
    const events = new EventBus(log);
    events.subscribe("character.avatar_changed", (e) => void changed.push(e.userId));
    deps = {
      db: database.db,
      settings: new SettingsStore(database.db, 0),
      storage: new LocalStorage(dir),
      events,
      realtime: {
        ...realtime,
        publish: async (channel, message) => {
          messages.push({ channel, message });
          await realtime.publish(channel, message);
        },
      },
      rateLimiter: new RateLimiter(database.db, () => clock.now().getTime()),
      jobs: null,
      now: clock.now,
      log,
    };
    const boss = { send: async (_name: string, data: { renderId: string }) => void sent.push(data.renderId) };
    queued = { ...deps, jobs: { boss } as unknown as Jobs };
    const a = await createUser(database.db, { username: "admin_ana" });
    admin = testActor({ userId: a.id, username: "admin_ana", roles: ["Admin"] });
    const m = await createUser(database.db, { username: "mod_max" });
    moderator = testActor({ userId: m.id, username: "mod_max", roles: ["Moderator"] });
    await ensureItemCatalogue(database.db);
  });
  afterAll(async () => {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("writes the default catalogue once, linked to the achievements by key", async () => {
    const all = await database.db.select().from(items);
    expect(all.length).toBeGreaterThanOrEqual(33);
    expect(all.find((i) => i.id === "starlit-crown")?.achievementId).toBe("level_20");
    expect(all.find((i) => i.id === "wooden-sword")?.price).toBeGreaterThan(0);
    expect(await ensureItemCatalogue(database.db)).toBe(0);
  });

  it("renders at once without a job worker: PNG and WebP in storage, the current avatar, a live message", async () => {
    const ana = await member({ characterClass: "warrior" });
    await wear(ana.userId, "iron-helm");
    await wear(ana.userId, "wooden-sword");
    const render = await requestRender(deps, ana);
    expect(render.status).toBe("done");
    const row = await renderRow(render.id);
    expect(row.loadout).toMatchObject({
      characterClass: "warrior",
      slots: { head: { itemId: "iron-helm" }, main_hand: { itemId: "wooden-sword" } },
    });
    expect(row.pngKey).toMatch(new RegExp(`^avatars/rendered/${ana.userId}/${render.id}-[0-9a-f]+\\.png$`));
    const png = await deps.storage.read(row.pngKey!);
    const webp = await deps.storage.read(row.webpKey!);
    expect([...png!.body.subarray(0, 4)]).toEqual(PNG);
    expect(Buffer.from(webp!.body.subarray(8, 12)).toString("ascii")).toBe("WEBP");
    expect(render.webpUrl).toBe(`/media/${row.webpKey}`);
    expect((await characterOf(ana.userId)).renderedAvatarId).toBe(render.id);
    expect(messages).toContainEqual({ channel: userChannel(ana.userId), message: { type: "avatar.rendered", renderId: render.id } });
    expect(changed).toContain(ana.userId);
    const status = await avatarStatus(deps, ana);
    expect(status.current?.id).toBe(render.id);
    const shown = await renderedAvatars(deps, [ana.userId, admin.userId]);
    expect([...shown.keys()]).toEqual([ana.userId]);
    expect(shown.get(ana.userId)).toEqual({ renderId: render.id, pngUrl: render.pngUrl, webpUrl: render.webpUrl });
    expect(status.latest?.status).toBe("done");
    expect(status.choice).toBe("upload");
  });

  it("limits renders per person per minute: 'You are rendering too fast! Please wait a moment.'", async () => {
    const bo = await member();
    const { rendersPerMinute } = await deps.settings.get("character_settings");
    clock.set(new Date("2026-12-07T11:00:05Z"));
    for (let i = 0; i < rendersPerMinute; i++) await requestRender(queued, bo);
    const err = await errorOf(requestRender(queued, bo));
    expect(err.code).toBe("character.render_too_fast");
    expect(err.status).toBe(429);
    // Someone else is not held back, and a minute later the person may render again.
    await requestRender(queued, await member());
    clock.set(new Date("2026-12-07T11:01:05Z"));
    expect((await requestRender(queued, bo)).status).toBe("pending");
  });

  it("records a failed render with its error; the admin requeues it and it is drawn", async () => {
    const cy = await member({ characterClass: "mage" });
    await database.db.update(items).set({ artStorageKey: "items/art/missing-art.png" }).where(eq(items.id, "spell-tome"));
    await wear(cy.userId, "spell-tome");
    const failed = await requestRender(deps, cy);
    expect(failed.status).toBe("failed");
    expect(failed.error).toMatch(/missing/);
    expect(failed.attempts).toBe(1);
    expect(messages).toContainEqual({ channel: userChannel(cy.userId), message: { type: "avatar.failed", renderId: failed.id } });
    expect((await avatarStatus(deps, cy)).current).toBeNull();
    // The art arrives; the failed render is put back in the queue and drawn with what it was asked with.
    const { oneColourPng } = await import("#tests/support/test-images");
    await deps.storage.put("items/art/missing-art.png", oneColourPng(512, 512));
    sent = [];
    const again = await requeueRender(queued, admin, { renderId: failed.id });
    expect(again.status).toBe("pending");
    expect(sent).toEqual([failed.id]);
    expect(await renderAvatar(deps, { renderId: failed.id })).toBe("done");
    const row = await renderRow(failed.id);
    expect([row.status, row.attempts, row.error]).toEqual(["done", 2, null]);
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "character.render.requeue"), eq(auditLog.targetId, failed.id)));
    expect(audit).toMatchObject({ actorId: admin.userId, targetType: "avatar_render", targetName: cy.username });
    await database.db.update(items).set({ artStorageKey: null }).where(eq(items.id, "spell-tome"));
  });

  it("forces a pending render now, cancels a pending one (its job then skips it), and refuses the wrong states", async () => {
    const di = await member({ characterClass: "rogue" });
    const pending = await requestRender(queued, di);
    expect(pending.status).toBe("pending");
    const forced = await forceRender(queued, admin, { renderId: pending.id });
    expect(forced.status).toBe("done");
    expect((await characterOf(di.userId)).renderedAvatarId).toBe(pending.id);

    clock.set(new Date("2026-12-07T12:00:00Z"));
    const other = await requestRender(queued, di);
    const cancelled = await cancelRender(queued, admin, { renderId: other.id });
    expect(cancelled.status).toBe("cancelled");
    expect(await renderAvatar(deps, { renderId: other.id })).toBe("skipped");
    expect(await codeOf(cancelRender(queued, admin, { renderId: other.id }))).toBe("character.render_state");
    expect(await codeOf(cancelRender(queued, admin, { renderId: pending.id }))).toBe("character.render_state");
    expect(await codeOf(requeueRender(queued, admin, { renderId: pending.id }))).toBe("character.render_state");
    expect(await codeOf(requeueRender(queued, admin, { renderId: "00000000-0000-4000-8000-000000000000" }))).toBe(
      "character.render_not_found",
    );
    expect(await codeOf(forceRender(queued, admin, { renderId: "nope" }))).toBe("input.invalid");
    // A cancelled render can go back to the queue.
    expect((await requeueRender(queued, admin, { renderId: other.id })).status).toBe("pending");
    // The queue lists it, filtered by state.
    const list = await listRenders(deps, admin, { status: "pending" });
    expect(list.items.some((r) => r.id === other.id && r.username === di.username)).toBe(true);
    expect(list.items.every((r) => r.status === "pending")).toBe(true);
    expect(list.counts.pending).toBeGreaterThanOrEqual(1);
    expect(list.counts.done).toBeGreaterThanOrEqual(2);
    const actions = (await database.db.select().from(auditLog).where(eq(auditLog.targetType, "avatar_render"))).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["character.render.force", "character.render.cancel", "character.render.requeue"]));
  });

  it("the profile's picture follows the choice: the rendered avatar replaces the uploaded one, and going back restores it", async () => {
    const uploaded = "/media/avatars/someone/abc123.webp";
    const ed = await member({ avatarUrl: uploaded, characterClass: "trader" });
    const first = await requestRender(deps, ed);
    expect(await profileUrl(ed.userId)).toBe(uploaded);

    await chooseAvatar(deps, ed, { choice: "rendered" });
    expect(await profileUrl(ed.userId)).toBe(first.webpUrl);
    expect((await characterOf(ed.userId)).uploadedAvatarUrl).toBe(uploaded);
    expect((await avatarStatus(deps, ed)).uploadedAvatarUrl).toBe(uploaded);

    // A new render takes the picture's place at once, and its predecessor's files are removed.
    clock.set(new Date("2026-12-07T13:00:00Z"));
    await wear(ed.userId, "golden-frame");
    const second = await requestRender(deps, ed);
    expect(await profileUrl(ed.userId)).toBe(second.webpUrl);
    expect(await deps.storage.read(deps.storage.keyOf(first.webpUrl)!)).toBeNull();

    await chooseAvatar(deps, ed, { choice: "upload" });
    expect(await profileUrl(ed.userId)).toBe(uploaded);
    expect((await characterOf(ed.userId)).uploadedAvatarUrl).toBeNull();
    expect(await codeOf(chooseAvatar(deps, ed, { choice: "other" }))).toBe("input.invalid");
  });

  it("a picture uploaded after choosing the rendered avatar wins over the next render", async () => {
    const fy = await member({ avatarUrl: null, characterClass: "warrior" });
    // Choosing the rendered avatar before any render asks for one, which becomes the picture.
    await chooseAvatar(deps, fy, { choice: "rendered" });
    const status = await avatarStatus(deps, fy);
    expect(status.current?.status).toBe("done");
    expect(await profileUrl(fy.userId)).toBe(status.current?.webpUrl);
    const fresh = "/media/avatars/fy/new.webp";
    await database.db.update(profiles).set({ avatarUrl: fresh }).where(eq(profiles.id, fy.userId));
    clock.set(new Date("2026-12-07T14:00:00Z"));
    await requestRender(deps, fy);
    expect(await profileUrl(fy.userId)).toBe(fresh);
    expect((await characterOf(fy.userId)).avatarChoice).toBe("upload");
  });

  it("queues one render when the loadout changes, however often the event is heard", async () => {
    const gi = await member({ characterClass: "mage" });
    const off = registerCharacterListeners(queued);
    await wear(gi.userId, "oak-staff");
    await queued.events.publish("character.loadout_changed", { userId: gi.userId, at: clock.now() });
    await queued.events.publish("character.loadout_changed", { userId: gi.userId, at: clock.now() });
    let pending = await database.db
      .select()
      .from(avatarRenders)
      .where(and(eq(avatarRenders.userId, gi.userId), eq(avatarRenders.status, "pending")));
    expect(pending).toHaveLength(1);
    expect(pending[0]!.requestedBy).toBeNull();
    await wear(gi.userId, "spell-tome");
    await queued.events.publish("character.loadout_changed", { userId: gi.userId, at: clock.now() });
    pending = await database.db
      .select()
      .from(avatarRenders)
      .where(and(eq(avatarRenders.userId, gi.userId), eq(avatarRenders.status, "pending")));
    expect(pending).toHaveLength(2);
    off();
  });

  it("refuses every mutation to a visitor and to the wrong role", async () => {
    const pendingCompany = testActor({ profileRole: "company", company: { slug: "s", companyName: "S", verified: false } });
    const someone = await member();
    const [render] = await database.db.select().from(avatarRenders).limit(1);
    const id = { renderId: render!.id };
    for (const actor of [null, pendingCompany]) {
      const expected = actor ? "auth.forbidden" : "auth.unauthenticated";
      expect(await codeOf(requestRender(deps, actor))).toBe(expected);
      expect(await codeOf(chooseAvatar(deps, actor, { choice: "rendered" }))).toBe(expected);
    }
    for (const actor of [null, someone, moderator]) {
      const expected = actor ? "auth.forbidden" : "auth.unauthenticated";
      expect(await codeOf(requeueRender(deps, actor, id))).toBe(expected);
      expect(await codeOf(forceRender(deps, actor, id))).toBe(expected);
      expect(await codeOf(cancelRender(deps, actor, id))).toBe(expected);
      expect(await codeOf(listRenders(deps, actor, {}))).toBe(expected);
    }
    expect(await codeOf(avatarStatus(deps, null))).toBe("auth.unauthenticated");
  });
});
