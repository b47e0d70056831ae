/**
 * The forum benchmark's data, written before the server starts (PGlite allows one process per directory).
 *
 *   tsx bench/seed-forum.ts --data-dir <dir> | --url <postgres url>  [--threads N --posts M]
 *
 * Always: the forum flag on, a "bench" forum with a 20-post and a 100-post thread (Markdown with code,
 * links, lists and likes), and a member who can sign in. Then --threads/--posts more threads and posts
 * (default 140 and 1,400, so the bench forum's page is full) spread over six more forums and the bench
 * forum, inserted with set-based SQL (the issue's 100,000 threads and 1,000,000 posts take a few minutes on
 * PostgreSQL). Prints the paths as JSON.
 */
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { openDatabase } from "#server/db/client";
import { SettingsStore } from "#server/modules/site/settings";
import { ensureRoles, createUser } from "#server/db/factories";
import { createCategory, createForum, createTag, createThreadWithPosts } from "#server/db/forum-factories";
import { renderMarkdown } from "#server/modules/forum/markdown";
import { featuredGames } from "#server/db/schema";
import { seedDemoContent } from "#server/db/seed-content";
import { seedDemoJobs } from "#server/db/seed-jobs";
import { seedDemoRooms } from "#server/db/seed-rooms";
import { createLogger } from "#server/platform/logger";
import { LocalStorage } from "#server/platform/storage";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const BENCH_MEMBER = { email: "bench-member@bench.test", password: "bench-member-password-2026" };

const { values } = parseArgs({
  options: {
    "data-dir": { type: "string" },
    url: { type: "string" },
    // Even the small set fills the forum page (20 of its threads show), so small and large pages compare alike.
    threads: { type: "string", default: "140" },
    posts: { type: "string", default: "1400" },
  },
});
const extraThreads = Number(values.threads);
const extraPosts = Number(values.posts);

const database = await openDatabase({ url: values.url, dataDir: values["data-dir"] });
await database.migrate();
const db = database.db;
await ensureRoles(db);

const DAY = 24 * 3600_000;
const member = await createUser(db, { email: BENCH_MEMBER.email, password: BENCH_MEMBER.password, username: "benchmember" });
const authors = [member];
for (let i = 0; i < 12; i++) authors.push(await createUser(db, { username: `bench_author_${i}` }));
await db.execute(sql`update users set created_at = now() - interval '90 days'`);
await new SettingsStore(db).write("forum_enabled", true, authors[1].id);

const category = await createCategory(db, { slug: "bench", titleEn: "Benchmark", titleEs: "Banco de pruebas" });
const forum = await createForum(db, {
  categoryId: category.id,
  slug: "bench",
  titleEn: "Bench forum",
  titleEs: "Foro de pruebas",
  descriptionEn: "Threads the benchmark reads.",
  descriptionEs: "Hilos que lee el banco de pruebas.",
});
const tags = [
  await createTag(db, { slug: "godot", nameEs: "Godot", nameEn: "Godot" }),
  await createTag(db, { slug: "ayuda", nameEs: "Ayuda", nameEn: "Help" }),
];

/** A reply of realistic length: a paragraph, a list, a link and sometimes a code block. */
const body = (n: number) =>
  [
    `Reply **${n}**: I tried the approach from the opening post with a few changes, and the frame time went from 18 ms to 11 ms on the Steam Deck.`,
    "",
    "- Batched the sprite draws per atlas",
    "- Moved the pathfinding to a worker thread",
    `- Cached the tile lookups (see [the docs](https://docs.godotengine.org/en/stable/) for details) @${authors[(n + 1) % authors.length].username}`,
    "",
    n % 3 === 0
      ? "```gdscript\nfunc _process(delta):\n    velocity = velocity.move_toward(target, accel * delta)\n```"
      : "Happy to share the project if it helps.",
  ].join("\n");

async function thread(title: string, postCount: number) {
  const start = new Date(Date.now() - 5 * DAY);
  const made = await createThreadWithPosts(db, {
    forumId: forum.id,
    authorId: authors[1].id,
    title,
    body: `## ${title}\n\nHow do you keep a 2D game at 60 fps on handhelds? Here is what I measured so far:\n\n1. Profiling with the built-in monitor\n2. Fewer draw calls\n3. Smaller textures`,
    at: start,
    tags: tags.map((t) => t.slug),
    likedBy: authors.slice(2, 7).map((a) => a.id),
    render: renderMarkdown,
    replies: Array.from({ length: postCount - 1 }, (_, i) => ({
      authorId: authors[(i % (authors.length - 1)) + 1].id,
      body: body(i + 2),
      at: new Date(start.getTime() + (i + 1) * 60_000),
      likedBy: authors
        .slice(0, i % 4)
        .map((a) => a.id)
        .filter((id) => id !== authors[(i % (authors.length - 1)) + 1].id),
    })),
  });
  return `/en/community/${forum.slug}/${made.slug}`;
}

const thread20 = await thread("Keeping a 2D game at 60 fps on handhelds", 20);
const thread100 = await thread("Long thread: one hundred posts about performance", 100);

if (extraThreads > 0) {
  const started = Date.now();
  await bulkThreads(extraThreads, Math.max(extraPosts, extraThreads));
  process.stderr.write(
    `seeded ${extraThreads} threads and ${Math.max(extraPosts, extraThreads)} posts in ${Math.round((Date.now() - started) / 1000)} s\n`,
  );
}

/**
 * Set-based inserts: threads spread over the bench forum and six others, posts spread evenly over the
 * threads (the first post of each is its opening post), counters kept consistent with the rows.
 */
async function bulkThreads(threadTotal: number, postTotal: number) {
  const forumIds = [forum.id];
  for (let i = 0; i < 6; i++)
    forumIds.push(
      (
        await createForum(db, {
          categoryId: category.id,
          slug: `bench-${i}`,
          titleEn: `Bench ${i}`,
          titleEs: `Pruebas ${i}`,
          position: i + 1,
        })
      ).id,
    );
  const authorIds = authors.map((a) => a.id);
  const perThread = Math.floor(postTotal / threadTotal);
  const html = renderMarkdown(body(7)).html;
  const md = body(7);
  const batch = 10_000;
  for (let from = 1; from <= threadTotal; from += batch) {
    const to = Math.min(threadTotal, from + batch - 1);
    await db.execute(sql`
      insert into threads (id, forum_id, author_id, title, slug, reply_count, like_count, last_activity_at, created_at, updated_at)
      select 'bulk-t-' || g, (${sql.raw(`array['${forumIds.join("','")}']`)})[1 + g % ${forumIds.length}],
             (${sql.raw(`array['${authorIds.join("','")}']`)})[1 + g % ${authorIds.length}],
             'Bulk thread number ' || g || ' about engines and tooling', 'bulk-thread-' || g,
             ${perThread - 1}, g % 7, now() - interval '30 days' + g * interval '1 second',
             now() - interval '30 days' + g * interval '1 second', now()
      from generate_series(${from}::int, ${to}::int) g`);
    await db.execute(sql`
      insert into posts (id, thread_id, author_id, number, body_md, body_html, like_count, created_at)
      select 'bulk-p-' || g || '-' || n, 'bulk-t-' || g, (${sql.raw(`array['${authorIds.join("','")}']`)})[1 + (g + n) % ${authorIds.length}],
             n, ${md}, ${html}, 0, now() - interval '30 days' + g * interval '1 second'
      from generate_series(${from}::int, ${to}::int) g, generate_series(1, ${perThread}) n`);
    await db.execute(sql`update threads set first_post_id = 'bulk-p-' || substr(id, 8) || '-1', last_post_id = 'bulk-p-' || substr(id, 8) || '-' || ${perThread}
      where id in (select 'bulk-t-' || g from generate_series(${from}::int, ${to}::int) g)`);
    process.stderr.write(`  threads ${to}/${threadTotal}\n`);
  }
  await db.execute(sql`update forums f set thread_count = s.threads, post_count = s.posts
    from (select forum_id, count(*)::int threads, sum(reply_count + 1)::int posts from threads group by forum_id) s where s.forum_id = f.id`);
  // A site whose rows came in over months has been vacuumed by autovacuum (visibility map set, so counts
  // can be index-only scans); a bulk load has not, so the bench does it once, as autovacuum soon would.
  await db.execute(sql`vacuum analyze threads`);
  await db.execute(sql`vacuum analyze posts`);
}

// Featured games: three games on show, so /featured-games lists cards and /games/bench-game-1 has a page.
const details = renderMarkdown(
  "## A forest that remembers\n\nWalk paths that change with your choices. **No combat**, an original soundtrack and a photo mode.\n\n- 6 to 8 hours\n- Spanish and English",
);
for (const n of [1, 2, 3]) {
  await db.insert(featuredGames).values({
    id: randomUUID(),
    slug: `bench-game-${n}`,
    gameName: `Bench Game ${n}`,
    studioName: "Bench Studio",
    shortDescription: "A quiet adventure through a forest that remembers whoever walks through it.",
    detailsMd: "",
    detailsHtml: details.html,
    imageUrl: `/media/featured/bench-${n}.webp`,
    storeUrl: "https://store.steampowered.com/app/1",
    youtubeVideoId: "dQw4w9WgXcQ",
    releaseStatus: "released",
    platforms: ["pc", "switch"],
    featureType: "both",
    startsAt: new Date(Date.now() - 86_400_000),
    endsAt: new Date(Date.now() + 30 * 86_400_000),
    scheduleStatus: "active",
  });
}

// Videos, podcast episodes and job offers: the demo's, so their lists and pages show what a visitor sees.
// Their pictures go to a scratch folder: the page bench never asks for an image.
const scratch = new LocalStorage(mkdtempSync(join(tmpdir(), "bench-uploads-")));
await seedDemoContent(db, createLogger("silent"), { storage: scratch });
await seedDemoJobs(db, createLogger("silent"), { storage: scratch });
// The demo's episode room (hosted by a forum author; the bench admin opens it as an Admin).
await seedDemoRooms(db, createLogger("silent"), { hostUsername: authors[0].username });

process.stdout.write(`${JSON.stringify({ forumPath: `/en/community/${forum.slug}`, thread20, thread100, id: randomUUID() })}\n`);
await database.close();
