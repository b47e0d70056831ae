import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client";
import { testDatabase } from "#tests/support/db";
import { createUser } from "#server/db/factories";
import { postRenderer } from "./render-post";

describe("the forum's post renderer", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await testDatabase();
    await createUser(database.db, { username: "Ana_Dev" });
  });
  afterAll(() => database.close());

  it("renders Markdown safely and links only mentions of people who exist", async () => {
    const render = postRenderer(database.db);
    const { html, mentions } = await render("**Hola** @ana_dev y @nadie_aqui <script>alert(1)</script> [x](javascript:alert(1))");
    expect(html).toContain("<strong>Hola</strong>");
    expect(html).toContain('class="mention"');
    expect(html).toContain('href="/u/ana_dev"');
    expect(html).not.toContain("/u/nadie_aqui");
    expect(html).not.toContain("<script");
    expect(html).not.toMatch(/href="javascript:/i);
    expect(mentions).toEqual(["ana_dev"]);
  });
});
