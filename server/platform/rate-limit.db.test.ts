import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "#tests/support/db";
import type { DatabaseHandle } from "#server/db/client";
import { RateLimiter } from "./rate-limit";

describe("RateLimiter (database counters)", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(() => database.close());

  it("allows exactly the limit within a window, then refuses with a retry delay", async () => {
    let now = Date.UTC(2026, 0, 1, 10, 0, 5);
    const limiter = new RateLimiter(database.db, () => now);
    const rule = { limit: 3, windowSeconds: 60 };
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.hit("t:a", rule));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3].retryAfterSeconds).toBe(55);
    // Another bucket is independent; the next window starts again.
    expect((await limiter.hit("t:b", rule)).allowed).toBe(true);
    now += 60_000;
    expect((await limiter.hit("t:a", rule)).allowed).toBe(true);
  });

  it("applies every rule of a set (per minute and per hour)", async () => {
    const now = Date.UTC(2026, 0, 1, 11, 0, 0);
    const limiter = new RateLimiter(database.db, () => now);
    const rules = [
      { limit: 10, windowSeconds: 60 },
      { limit: 2, windowSeconds: 3600 },
    ];
    expect((await limiter.hitAll("t:set", rules)).allowed).toBe(true);
    expect((await limiter.hitAll("t:set", rules)).allowed).toBe(true);
    expect((await limiter.hitAll("t:set", rules)).allowed).toBe(false);
  });

  it("counts concurrent hits exactly (one atomic upsert each)", async () => {
    const limiter = new RateLimiter(database.db);
    const rule = { limit: 25, windowSeconds: 3600 };
    const results = await Promise.all(Array.from({ length: 40 }, () => limiter.hit("t:concurrent", rule)));
    expect(results.filter((r) => r.allowed)).toHaveLength(25);
    expect(new Set(results.map((r) => r.count)).size).toBe(40);
  });

  it("purges expired windows", async () => {
    const limiter = new RateLimiter(database.db, () => Date.UTC(2020, 0, 1));
    await limiter.hit("t:old", { limit: 1, windowSeconds: 60 });
    expect(await limiter.purgeExpired()).toBeGreaterThanOrEqual(1);
  });
});
