import { describe, expect, it } from "vitest";
import { testActor } from "#tests/support/actors";
import { DomainError } from "#server/modules/errors";
import { assertCan, can, postAbilities } from "./policy";

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

  it("keeps moderation and hidden content to Moderators and Admins", () => {
    expect(can(member, "forum.moderate")).toBe(false);
    expect(codeOf(() => assertCan(member, "forum.moderate"))).toBe("auth.forbidden");
    expect(can(mod, "forum.moderate")).toBe(true);
    expect(can(testActor({ roles: ["Admin"] }), "forum.view_hidden")).toBe(true);
  });

  it("gives the page each post's abilities", () => {
    expect(postAbilities(other, { authorId: "m", number: 2 }, { authorId: "m", locked: false })).toEqual({
      edit: false,
      delete: false,
      like: true,
      report: true,
      accept: false,
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
    });
  });

  it("refuses reporting one's own post with its own code, and keeps moderation to staff", () => {
    expect(codeOf(() => assertCan(member, "post.report", { authorId: "m" }))).toBe("forum.own_post_report");
    expect(codeOf(() => assertCan(other, "post.report", { authorId: "m" }))).toBe("allowed");
    expect(codeOf(() => assertCan(unverified, "post.report", { authorId: "m" }))).toBe("auth.email_unverified");
    expect(codeOf(() => assertCan(member, "forum.moderate"))).toBe("auth.forbidden");
    expect(codeOf(() => assertCan(mod, "forum.moderate"))).toBe("allowed");
    expect(codeOf(() => assertCan(null, "forum.moderate"))).toBe("auth.unauthenticated");
    expect(codeOf(() => assertCan(mod, "thread.accept_answer", { threadAuthorId: "m" }))).toBe("allowed");
    expect(codeOf(() => assertCan(other, "thread.accept_answer", { threadAuthorId: "m" }))).toBe("auth.forbidden");
  });
});
