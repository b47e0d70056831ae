import { describe, expect, it } from "vitest";
import { testActor } from "#tests/support/actors";
import { DomainError } from "#server/modules/errors";
import { assertCan, can, postAbilities, threadAbilities } from "./policy";

const member = testActor({ userId: "m" });
const other = testActor({ userId: "o" });
const mod = testActor({ userId: "mod", roles: ["Moderator"] });
const unverified = testActor({ userId: "u", emailVerified: false });
const codeOf = (f: () => void) => {
  try {
    f();
    return "allowed";
  } catch (e) {
    return (e as DomainError).code;
  }
};

describe("forum policy", () => {
  it("lets members write, not visitors or unverified members", () => {
    expect(can(member, "thread.create")).toBe(true);
    expect(codeOf(() => assertCan(null, "thread.create"))).toBe("auth.unauthenticated");
    expect(codeOf(() => assertCan(unverified, "post.reply"))).toBe("auth.email_unverified");
  });

  it("gives previews and follows to members who may post, each its own action", () => {
    const pending = testActor({ userId: "p", profileRole: "company", company: { slug: "p", companyName: "P", verified: false } });
    for (const action of ["forum.write", "post.preview", "thread.follow", "user.follow"] as const) {
      expect(
        codeOf(() => assertCan(member, action)),
        action,
      ).toBe("allowed");
      expect(
        codeOf(() => assertCan(mod, action)),
        action,
      ).toBe("allowed");
      expect(
        codeOf(() => assertCan(null, action)),
        action,
      ).toBe("auth.unauthenticated");
      expect(
        codeOf(() => assertCan(unverified, action)),
        action,
      ).toBe("auth.email_unverified");
      expect(
        codeOf(() => assertCan(pending, action)),
        action,
      ).toBe("company.pending");
    }
  });

  it("keeps edits and deletes to the author (not in locked threads, not the opening post) or a moderator", () => {
    expect(can(member, "post.edit", { authorId: "m" })).toBe(true);
    expect(codeOf(() => assertCan(other, "post.edit", { authorId: "m" }))).toBe("auth.forbidden");
    expect(codeOf(() => assertCan(member, "post.edit", { authorId: "m", locked: true }))).toBe("forum.locked");
    expect(codeOf(() => assertCan(member, "post.delete", { authorId: "m", firstPost: true }))).toBe("forum.first_post_delete");
    expect(can(mod, "post.delete", { authorId: "m", firstPost: true, locked: true })).toBe(true);
  });

  it("refuses liking one's own post; accepting an answer is for the thread author or a moderator", () => {
    expect(codeOf(() => assertCan(member, "post.like", { authorId: "m" }))).toBe("forum.own_post_like");
    expect(can(other, "post.like", { authorId: "m" })).toBe(true);
    expect(can(member, "thread.accept_answer", { threadAuthorId: "m" })).toBe(true);
    expect(can(other, "thread.accept_answer", { threadAuthorId: "m" })).toBe(false);
    expect(can(mod, "thread.accept_answer", { threadAuthorId: "m" })).toBe(true);
  });

  it("keeps moderation and hidden content to Moderators and Admins, one action per verb", () => {
    const admin = testActor({ roles: ["Admin"] });
    const verbs = [
      "forum.view_hidden",
      "post.skip_limits",
      "post.hide",
      "thread.hide",
      "thread.pin",
      "thread.lock",
      "thread.move",
      "report.list",
      "report.handle",
      "hidden.list",
      "forum.overview",
      "member.list",
      "user.ban",
    ] as const;
    for (const action of verbs) {
      expect(can(member, action), action).toBe(false);
      expect(
        codeOf(() => assertCan(member, action)),
        action,
      ).toBe("auth.forbidden");
      expect(
        codeOf(() => assertCan(unverified, action)),
        action,
      ).toBe("auth.forbidden");
      expect(can(mod, action) && can(admin, action), action).toBe(true);
    }
    // The forum's structure is the Admins'.
    const structure = [
      "structure.view",
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
    ] as const;
    for (const action of structure) {
      expect(can(mod, action), action).toBe(false);
      expect(can(admin, action), action).toBe(true);
      expect(
        codeOf(() => assertCan(null, action)),
        action,
      ).toBe("auth.unauthenticated");
      expect(
        codeOf(() => assertCan(member, action)),
        action,
      ).toBe("auth.forbidden");
      expect(
        codeOf(() => assertCan(mod, action)),
        action,
      ).toBe("auth.forbidden");
      expect(
        codeOf(() => assertCan(admin, action)),
        action,
      ).toBe("allowed");
    }
    // Never oneself, never a member of the team.
    expect(codeOf(() => assertCan(mod, "user.ban", { targetUserId: "mod" }))).toBe("forum.ban_self");
    expect(codeOf(() => assertCan(mod, "user.ban", { targetUserId: "o", targetStaff: true }))).toBe("forum.ban_staff");
    expect(codeOf(() => assertCan(member, "user.ban", { targetUserId: "o" }))).toBe("auth.forbidden");
    expect(can(mod, "user.ban", { targetUserId: "o", targetStaff: false })).toBe(true);
    // An opening post is hidden with its thread, not alone.
    expect(codeOf(() => assertCan(mod, "post.hide", { firstPost: true }))).toBe("forum.first_post_hide");
    expect(codeOf(() => assertCan(member, "post.hide", { firstPost: true }))).toBe("auth.forbidden");
  });

  it("gives the page each post's abilities", () => {
    expect(postAbilities(other, { authorId: "m", number: 2 }, { authorId: "m", locked: false })).toEqual({
      edit: false,
      delete: false,
      like: true,
      report: true,
      accept: false,
      hide: false,
    });
    expect(postAbilities(member, { authorId: "o", number: 2 }, { authorId: "m", locked: false })).toMatchObject({
      accept: true,
      like: true,
    });
    expect(postAbilities(null, { authorId: "m", number: 1 }, { authorId: "m", locked: false })).toEqual({
      edit: false,
      delete: false,
      like: false,
      report: false,
      accept: false,
      hide: false,
    });
    // Moderators hide replies, never the opening post alone; a hidden reply cannot become the answer; a deleted post offers nothing.
    expect(postAbilities(mod, { authorId: "o", number: 2 }, { authorId: "m", locked: false })).toMatchObject({ hide: true, accept: true });
    expect(postAbilities(mod, { authorId: "o", number: 1 }, { authorId: "m", locked: false })).toMatchObject({
      hide: false,
      accept: false,
    });
    expect(postAbilities(member, { id: "p", authorId: "o", number: 2, hidden: true }, { authorId: "m", locked: false })).toMatchObject({
      accept: false,
    });
    expect(Object.values(postAbilities(mod, { authorId: "o", number: 2, deleted: true }, { authorId: "m", locked: false }))).toEqual(
      Array(6).fill(false),
    );
  });

  it("gives the page the thread's abilities, each from its own action", () => {
    expect(threadAbilities(null, { locked: false })).toEqual({
      reply: false,
      follow: false,
      pin: false,
      lock: false,
      hide: false,
      move: false,
      ban: false,
    });
    expect(threadAbilities(member, { locked: true })).toEqual({
      reply: false,
      follow: true,
      pin: false,
      lock: false,
      hide: false,
      move: false,
      ban: false,
    });
    expect(threadAbilities(mod, { locked: true })).toEqual({
      reply: true,
      follow: true,
      pin: true,
      lock: true,
      hide: true,
      move: true,
      ban: true,
    });
  });

  it("refuses reporting one's own post with its own code, and keeps moderation to staff", () => {
    expect(codeOf(() => assertCan(member, "post.report", { authorId: "m" }))).toBe("forum.own_post_report");
    expect(codeOf(() => assertCan(other, "post.report", { authorId: "m" }))).toBe("allowed");
    expect(codeOf(() => assertCan(unverified, "post.report", { authorId: "m" }))).toBe("auth.email_unverified");
    expect(codeOf(() => assertCan(member, "report.handle"))).toBe("auth.forbidden");
    expect(codeOf(() => assertCan(mod, "report.handle"))).toBe("allowed");
    expect(codeOf(() => assertCan(null, "report.handle"))).toBe("auth.unauthenticated");
    expect(codeOf(() => assertCan(mod, "thread.accept_answer", { threadAuthorId: "m" }))).toBe("allowed");
    expect(codeOf(() => assertCan(other, "thread.accept_answer", { threadAuthorId: "m" }))).toBe("auth.forbidden");
  });
});
