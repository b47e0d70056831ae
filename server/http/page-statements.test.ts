import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, testApp, type TestApp } from "#tests/support/app";
import { createUser } from "#server/db/factories";
import { createCategory, createForum, createThreadWithPosts } from "#server/db/forum-factories";
import { users } from "#server/db/schema";

/**
 * The whole thread page (root, layout and thread loaders, session included) runs a fixed number of SQL
 * statements, whatever the thread's length: X-Sql-Statements, as the benchmark reads it.
 */
let t: TestApp;
let short = "";
let long = "";
let unread = "";
let cookie = "";

const statements = async (path: string, withCookie?: string) => {
  const res = await t.request(path, { cookie: withCookie });
  expect(res.status).toBe(200);
  const html = await res.text();
  return { statements: Number(res.headers.get("x-sql-statements")), posts: (html.match(/id="post-\d+"/g) ?? []).length };
};

beforeAll(async () => {
  t = await testApp({ SQL_STATEMENTS_HEADER: "true" });
  const db = t.services.db;
  const admin = await createUser(db, { roles: ["Admin"] });
  await t.services.settings.write("forum_enabled", true, admin.id);
  const member = await createUser(db, { password: "statements-pass-1" });
  await db
    .update(users)
    .set({ createdAt: new Date(Date.now() - 90 * 24 * 3600_000) })
    .where(eq(users.id, member.id));
  cookie = await signIn(t, member.email, "statements-pass-1");
  const others = [await createUser(db), await createUser(db), await createUser(db)];
  const cat = await createCategory(db, {});
  const forum = await createForum(db, { categoryId: cat.id, slug: "medidas" });
  const replies = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      authorId: others[i % 3].id,
      body: `Reply ${i} mentioning @${others[(i + 1) % 3].username}`,
      likedBy: [member.id],
    }));
  short = `/en/community/medidas/${(await createThreadWithPosts(db, { forumId: forum.id, authorId: member.id, title: "Twenty posts here", replies: replies(19) })).slug}`;
  long = `/en/community/medidas/${(await createThreadWithPosts(db, { forumId: forum.id, authorId: others[0].id, title: "One hundred posts here", replies: replies(99) })).slug}`;
  unread = `/en/community/medidas/${(await createThreadWithPosts(db, { forumId: forum.id, authorId: others[1].id, title: "Forty posts, not read yet", replies: replies(39) })).slug}`;
});
afterAll(() => t?.close());

describe("SQL statements of one thread page", () => {
  it("are the same for 20 and 100 posts, on any page, for visitors and members", async () => {
    const visitor = [await statements(short), await statements(long), await statements(`${long}?page=5`)];
    const member = [await statements(short, cookie), await statements(long, cookie), await statements(`${long}?page=5`, cookie)];
    for (const r of [...visitor, ...member]) expect(r.posts).toBe(20);
    expect(new Set(visitor.map((r) => r.statements)).size).toBe(1);
    expect(new Set(member.map((r) => r.statements)).size).toBe(1);
    // A handful, not one per post: the thread, its posts with authors and likes, the side panel, the session.
    expect(visitor[0].statements).toBeGreaterThan(0);
    expect(member[0].statements).toBeLessThanOrEqual(10);
  });

  it("leave out the read mark's write when a member reads a page again", async () => {
    const first = await statements(unread, cookie);
    const again = await statements(unread, cookie);
    // Page 2 moves the mark on again; page 1 after it does not (a mark never moves back).
    const further = await statements(`${unread}?page=2`, cookie);
    const back = await statements(unread, cookie);
    expect(again.posts).toBe(20);
    expect(again.statements).toBe(first.statements - 1);
    expect(further.statements).toBe(first.statements);
    expect(back.statements).toBe(first.statements - 1);
  });

  it("are not reported unless the server is asked to", async () => {
    const plain = await testApp();
    try {
      const res = await plain.request("/en/");
      expect(res.headers.get("x-sql-statements")).toBeNull();
    } finally {
      await plain.close();
    }
  });
});
