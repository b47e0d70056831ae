import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { createLogger } from "#server/platform/logger";
import { createNodeServer } from "./node-server";

const get = (port: number, path: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path }, (res) => {
      let body = "";
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode!, body }));
    });
    req.on("error", reject);
    req.end();
  });

describe("graceful shutdown", () => {
  it("stops accepting, lets requests in flight finish, then closes", async () => {
    const http = createNodeServer(async (req: Request) => {
      if (new URL(req.url).pathname === "/slow") await new Promise((r) => setTimeout(r, 400));
      return new Response("done");
    });
    const port = await http.listen(0, "127.0.0.1");
    const slow = get(port, "/slow");
    await new Promise((r) => setTimeout(r, 50));
    const drained = http.drain(5000, createLogger("silent"));
    await new Promise((r) => setTimeout(r, 50));
    await expect(get(port, "/fast")).rejects.toThrow(/ECONNREFUSED/);
    expect(await slow).toEqual({ status: 200, body: "done" });
    await drained;
    expect(http.server.listening).toBe(false);
  });

  it("gives up on requests that outlive the timeout", async () => {
    const http = createNodeServer(() => new Promise<Response>(() => {}));
    const port = await http.listen(0, "127.0.0.1");
    const hanging = get(port, "/").catch((e) => e);
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    await http.drain(300, createLogger("silent"));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await hanging).toBeInstanceOf(Error);
  });
});
