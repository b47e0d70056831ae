import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#server/db/factories";
import { createLogger } from "#server/platform/logger";
import { testApp, type TestApp } from "#tests/support/app";
import { LoadShedder } from "./load-shedder";
import { createSiteServer } from "./site-server";

/**
 * On the site's own node:http stack (intake, load shedder, the real app), with the shedder full: pages are
 * refused, while the files an admitted page shows are answered as usual: a member's generated avatar, an
 * uploaded file and the site's images. Refusing those left pages with broken images.
 */
let t: TestApp;
let base = "";
let memberId = "";
const stops: Array<() => Promise<void>> = [];

beforeAll(async () => {
  t = await testApp();
  memberId = (await createUser(t.services.db)).id;
  await t.services.storage.put("avatars/shed-test.svg", new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'));
  // One slot, taken for the whole file by a request that never finishes: every new page is refused.
  const shedder = new LoadShedder({ maxLagMs: 0, maxInFlight: 1, refusalDelayMs: 0 });
  const held = Object.assign(new EventEmitter(), { url: "/en/held" }) as unknown as IncomingMessage;
  expect(shedder.admit(held, new EventEmitter() as unknown as ServerResponse)).toBe(true);
  const http = createSiteServer(t.app, t.services.env, shedder);
  base = `http://127.0.0.1:${await http.listen(0, "127.0.0.1")}`;
  stops.push(() => http.drain(500, createLogger("silent")));
});
afterAll(async () => {
  while (stops.length) await stops.pop()!();
  await t.close();
});

describe("files on disk under load", () => {
  it("answers avatars, uploads and images with 200 while pages are refused with 503", async () => {
    const page = await fetch(`${base}/es/leaderboard`);
    expect(page.status).toBe(503);
    expect(await page.text()).toContain("Ahora mismo estamos muy ocupados");

    for (const [file, type] of [
      [`/avatars/${memberId}.svg`, "image/svg+xml"],
      ["/media/avatars/shed-test.svg", "image/svg+xml"],
      ["/images/logo.svg", "image/svg+xml"],
      ["/favicon.ico", "image/"],
    ]) {
      const res = await fetch(`${base}${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get("content-type"), file).toContain(type);
      await res.arrayBuffer();
    }
    // And the page is still refused afterwards: nothing above took or freed the slot.
    const again = await fetch(`${base}/en/leaderboard`);
    expect(again.status).toBe(503);
    await again.text();
  });
});
