import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "./client";
import { createLogger } from "#server/platform/logger";
import { testDatabase } from "#tests/support/db";
import { contactMessageEvents, contactMessages } from "./schema";
import { seedDemoContact } from "./seed-contact";

describe("demo contact messages", () => {
  let database: DatabaseHandle;
  const log = createLogger("error", {}, () => {});
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(() => database.close());

  it("seeds both kinds in both languages, some read, one replied, once", async () => {
    expect(await seedDemoContact(database.db, log)).toBe(true);
    const rows = await database.db.select().from(contactMessages);
    expect(new Set(rows.map((r) => r.inquiryType))).toEqual(new Set(["personal", "business"]));
    expect(new Set(rows.map((r) => r.locale))).toEqual(new Set(["es", "en"]));
    expect(rows.filter((r) => r.readAt).length).toBeGreaterThan(0);
    expect(rows.filter((r) => !r.readAt).length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.repliedAt)).toHaveLength(1);
    const events = await database.db.select().from(contactMessageEvents);
    expect(events.filter((e) => e.kind === "reply")).toHaveLength(1);
    expect(await seedDemoContact(database.db, log)).toBe(false);
    expect(await database.db.select().from(contactMessages)).toHaveLength(rows.length);
  });
});
