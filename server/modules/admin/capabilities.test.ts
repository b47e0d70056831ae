import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ACCOUNTS_ACTIONS, can as canAccounts } from "#server/modules/accounts/policy";
import { CAMPAIGNS_ACTIONS, canCampaigns } from "#server/modules/campaigns";
import { CHARACTER_ACTIONS, canCharacter } from "#server/modules/character";
import { CHARACTER_CASES } from "#server/modules/character/policy";
import { CONTENT_ACTIONS, canContent } from "#server/modules/content";
import { FORUM_ACTIONS, can as canForum } from "#server/modules/forum/policy";
import { GAMIFICATION_ACTIONS, can as canGamification } from "#server/modules/gamification/policy";
import { NOTIFICATIONS_ACTIONS, can as canNotifications } from "#server/modules/notifications/policy";
import { SITE_ACTIONS, can as canSite } from "#server/modules/site/policy";
import { PROMOTIONS_ACTIONS, canPromotions } from "#server/modules/promotions";
import { JOBS_ACTIONS, canJobs } from "#server/modules/jobs";
import { CAMPAIGNS_CASES } from "#server/modules/campaigns/policy";
import { CONTACT_ACTIONS, canContact } from "#server/modules/contact";
import { FORUM_CASES } from "#server/modules/forum/policy";
import { GAMIFICATION_CASES } from "#server/modules/gamification/policy";
import { PROMOTIONS_CASES } from "#server/modules/promotions/policy";
import { ROOMS_ACTIONS, canRooms } from "#server/modules/rooms";
import { ROOMS_CASES } from "#server/modules/rooms/policy";
import { AREAS } from "#server/modules/areas";
import { CAPABILITY_ROLES, capabilityTable, sampleActor, type CapabilityRole } from "./capabilities";

/**
 * The capability table of /admin/roles is the policies evaluated, not a list kept by hand:
 * every action of every policy has its rows, every cell is what `can()` answers for that kind of person, and
 * every label exists in both languages.
 */
const table = capabilityTable(AREAS);
const POLICIES: Record<string, { actions: readonly string[]; can: (a: unknown, action: string, r?: unknown) => boolean }> = {
  accounts: { actions: ACCOUNTS_ACTIONS as readonly string[], can: canAccounts as (a: unknown, action: string, r?: unknown) => boolean },
  forum: { actions: FORUM_ACTIONS as readonly string[], can: canForum as (a: unknown, action: string, r?: unknown) => boolean },
  gamification: {
    actions: GAMIFICATION_ACTIONS as readonly string[],
    can: canGamification as (a: unknown, action: string, r?: unknown) => boolean,
  },
  notifications: {
    actions: NOTIFICATIONS_ACTIONS as readonly string[],
    can: canNotifications as (a: unknown, action: string, r?: unknown) => boolean,
  },
  site: { actions: SITE_ACTIONS as readonly string[], can: canSite as (a: unknown, action: string, r?: unknown) => boolean },
  campaigns: {
    actions: CAMPAIGNS_ACTIONS as readonly string[],
    can: canCampaigns as (a: unknown, action: string, r?: unknown) => boolean,
  },
  promotions: {
    actions: PROMOTIONS_ACTIONS as readonly string[],
    can: canPromotions as (a: unknown, action: string, r?: unknown) => boolean,
  },
  jobBoard: { actions: JOBS_ACTIONS as readonly string[], can: canJobs as (a: unknown, action: string, r?: unknown) => boolean },
  contact: {
    actions: CONTACT_ACTIONS as readonly string[],
    can: canContact as (a: unknown, action: string, r?: unknown) => boolean,
  },
  content: { actions: CONTENT_ACTIONS as readonly string[], can: canContent as (a: unknown, action: string, r?: unknown) => boolean },
  rooms: { actions: ROOMS_ACTIONS as readonly string[], can: canRooms as (a: unknown, action: string, r?: unknown) => boolean },
  character: {
    actions: CHARACTER_ACTIONS as readonly string[],
    can: canCharacter as (a: unknown, action: string, r?: unknown) => boolean,
  },
};
/** The rooms' team actions: the tab and opening a room. */
const ROOM_TEAM: string[] = ["episode_room.list", "episode_room.create"];
const CASES: Record<string, Partial<Record<string, { case: string; resource: unknown }[]>>> = {
  forum: FORUM_CASES,
  gamification: GAMIFICATION_CASES,
  campaigns: CAMPAIGNS_CASES,
  promotions: PROMOTIONS_CASES,
  character: CHARACTER_CASES,
  rooms: ROOMS_CASES,
};
/** `area`: only that area; "!a" or "!a,b": every area but those. */
const allowedFor = (role: CapabilityRole, area?: string) =>
  table.rows
    .filter(
      (r) =>
        r.allowed[role] && (area === undefined || (area.startsWith("!") ? !area.slice(1).split(",").includes(r.area) : r.area === area)),
    )
    .map((r) => (r.case ? `${r.action}:${r.case}` : r.action));

describe("the capability table", () => {
  it("has rows for every action of every policy, and no other", () => {
    for (const [area, policy] of Object.entries(POLICIES)) {
      const rows = table.rows.filter((r) => r.area === area);
      expect([...new Set(rows.map((r) => r.action))], area).toEqual([...policy.actions]);
    }
    expect(table.rows.length).toBe(
      Object.entries(POLICIES).reduce((n, [area, p]) => n + p.actions.reduce((m, a) => m + (CASES[area]?.[a]?.length ?? 1), 0), 0),
    );
    expect(table.roles).toEqual(CAPABILITY_ROLES);
  });

  it("answers, for every kind of person and every action, what the area's can() answers", () => {
    let checked = 0;
    for (const row of table.rows) {
      const policy = POLICIES[row.area];
      const resource = row.case ? CASES[row.area]![row.action]!.find((c) => c.case === row.case)!.resource : undefined;
      for (const role of CAPABILITY_ROLES) {
        expect(row.allowed[role], `${role} ${row.action} ${row.case ?? ""}`).toBe(policy.can(sampleActor(role), row.action, resource));
        checked++;
      }
    }
    expect(checked).toBe(table.rows.length * CAPABILITY_ROLES.length);
  });

  it("says what SPEC §6 and the admin area's decisions say for each kind of person", () => {
    // Anyone, signed in or not, may ask for a featured game, check a promo code and write to the team.
    const anyone = ["submission.create", "promo.check"];
    // Anyone watches the arena's matches and members' characters, may apply to an open job offer and write to the
    // team (no account needed). In the table's order: the character area comes before the promotions.
    const watch = ["arena_match.view", "character.view_public"];
    const everyone = [...anyone, "application.create", "contact_message.send"];
    expect(allowedFor("visitor")).toEqual([...watch, ...everyone]);
    // A pending company waits: it reads its notifications and nothing else (its XP history and its character are
    // its own; it plays nothing).
    // Episode rooms: only the team opens and hosts rooms, so nobody else has a room of their own to act in (a
    // guest enters by a guest session, which no kind of person in this table has). No one but its guest links an
    // account to a room.
    const hostOfOwn = ROOMS_ACTIONS.filter(
      (a) => a.startsWith("episode_") && a !== "episode_guest.link_account" && !ROOM_TEAM.includes(a),
    ).map((a) => `${a}:own`);
    expect(allowedFor("pendingCompany")).toEqual([
      "gamification.ledger:own",
      ...watch,
      "character.view:own",
      "notifications.read",
      "notifications.configure",
      ...anyone,
      "application.create",
      "contact_message.send",
    ]);
    for (const role of ["member", "creator", "company"] as const) expect(allowedFor(role, "rooms"), role).toEqual([]);
    expect(allowedFor("visitor", "rooms")).toEqual([]);
    // The team opens rooms and lists them; an Admin also acts in rooms others host.
    expect(allowedFor("Moderator", "rooms")).toEqual([...ROOM_TEAM, ...hostOfOwn]);
    expect(allowedFor("Admin", "rooms")).toEqual([
      ...ROOM_TEAM,
      ...ROOMS_ACTIONS.filter((a) => !ROOM_TEAM.includes(a) && a !== "episode_guest.link_account").flatMap((a) => [
        `${a}:own`,
        `${a}:others`,
      ]),
    ]);
    // A player, a creator and a verified company take part in the community in the same way; a player may become a creator.
    expect(allowedFor("company", "!campaigns,promotions")).toEqual(allowedFor("creator", "!campaigns,promotions"));
    // Contact messages: anyone writes; the team (Admins and Moderators, SPEC §6) reads, marks, archives and replies.
    const contactTeam = [
      "contact_message.send",
      "contact_message.list",
      "contact_message.mark",
      "contact_message.archive",
      "contact_message.reply",
    ];
    for (const role of ["Moderator", "Admin"] as const) expect(allowedFor(role, "contact"), role).toEqual(contactTeam);
    for (const role of ["member", "creator", "company"] as const)
      expect(allowedFor(role, "contact"), role).toEqual(["contact_message.send"]);
    expect(allowedFor("member", "!promotions").filter((a) => a !== "profile.become_creator")).toEqual(
      allowedFor("creator", "!campaigns,promotions"),
    );
    // Featured games: a verified company starts from its own games and reads their numbers; the
    // team reads the queue and checks content; money and what visitors see are for Admins.
    expect(allowedFor("company", "promotions")).toEqual([
      ...anyone,
      "submission.from_game:own",
      "game_stats.view:own",
      "studio_mail.consent:own",
    ]);
    for (const role of ["member", "creator"] as const) expect(allowedFor(role, "promotions"), role).toEqual(anyone);
    expect(allowedFor("Moderator", "promotions")).toEqual([...anyone, "submission.list", "submission.check"]);
    // Campaigns: a verified company runs its own campaigns, a creator asks for keys and handles their
    // own; neither acts on someone else's; the team lists, pauses and reviews, and runs no company or creator.
    expect(allowedFor("company", "campaigns")).toEqual([
      "game.view:own",
      "game.create:own",
      "game.update:own",
      "campaign.view:own",
      "campaign.create:own",
      "campaign.update:own",
      "campaign.set_status:own",
      "keys.upload:own",
      "keys.revoke:own",
      "keys.export:own",
      "request.decide:own",
      "keys.trace:own",
    ]);
    expect(allowedFor("creator", "campaigns")).toEqual([
      "channels.view:own",
      "channels.save:own",
      "channels.verify:own",
      "campaign.request",
      "key.list:own",
      "key.reveal:own",
      "coverage.add:own",
      "coverage.remove:own",
    ]);
    expect(allowedFor("member", "campaigns")).toEqual([]);
    for (const role of ["Moderator", "Admin"] as const)
      expect(allowedFor(role, "campaigns"), role).toEqual(["campaign.list_all", "campaign.admin_pause", "creator.list", "creator.review"]);
    expect(allowedFor("member")).toEqual(
      expect.arrayContaining(["content.submit", "thread.create", "post.edit:own", "post.like:others", "thread.accept_answer:ownThread"]),
    );
    expect(allowedFor("member")).not.toEqual(expect.arrayContaining(["post.edit:others"]));
    // Moderators take forum actions: hide thread, lock thread, ban user; not the site's configuration.
    const mod = allowedFor("Moderator");
    expect(mod).toEqual(
      expect.arrayContaining(["thread.hide", "thread.lock", "user.ban", "post.hide", "report.handle", "roles.grant_moderator"]),
    );
    for (const action of [
      "roles.grant_admin",
      "mail.read",
      "settings.update",
      "category.create",
      "category.update",
      "category.move",
      "category.delete",
      "forum.create",
      "forum.update",
      "forum.move",
      "forum.delete",
      "tag.create",
      "tag.update",
      "tag.delete",
      "xp.adjust",
    ])
      expect(mod, action).not.toContain(action);
    // Jobs: everyone applies; everything else is the Admins' (SPEC §6), Moderators included out.
    for (const role of ["visitor", "member", "creator", "company", "Moderator"] as const)
      expect(allowedFor(role, "jobBoard"), role).toEqual(["application.create"]);
    expect(allowedFor("Admin", "jobBoard")).toEqual([...JOBS_ACTIONS]);
    // Admins may do everything outside what a company or a creator does for themselves, and a room's guest.
    expect(allowedFor("Admin", "!campaigns,promotions")).toHaveLength(
      table.rows.filter((r) => r.area !== "campaigns" && r.area !== "promotions" && r.action !== "episode_guest.link_account").length,
    );
    expect(allowedFor("Admin", "promotions")).toEqual(
      table.rows
        .filter((r) => r.area === "promotions" && !["submission.from_game", "game_stats.view", "studio_mail.consent"].includes(r.action))
        .map((r) => r.action),
    );
  });

  it("has a label for every area, kind of person, action and case, in both languages", () => {
    for (const lang of ["en", "es"]) {
      const admin = JSON.parse(readFileSync(`app/i18n/locales/${lang}/admin.json`, "utf8"));
      const label = (path: string) => path.split(".").reduce((o, k) => o?.[k], admin) as unknown;
      for (const row of table.rows) {
        expect(typeof label(`capabilities.areas.${row.area}`), `${lang} ${row.area}`).toBe("string");
        expect(typeof label(`capabilities.actions.${row.action}`), `${lang} ${row.action}`).toBe("string");
        if (row.case) expect(typeof label(`capabilities.cases.${row.case}`), `${lang} ${row.case}`).toBe("string");
      }
      for (const role of CAPABILITY_ROLES) expect(typeof label(`capabilities.roles.${role}`), `${lang} ${role}`).toBe("string");
    }
  });
});
