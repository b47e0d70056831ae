import { connect, type Socket } from "node:net";
import { expect, test } from "./fixtures";
import { BASE_URL } from "./site";

/**
 * The outside probe's attack on the started production server: twenty anonymous uploads to
 * /collaborate trickling in at 100 bytes a second. The sign-in page and the health check keep answering as
 * usual: a body that is still arriving holds no place, and one address gets only a few such places.
 */
test("twenty slow uploads leave the sign-in page answering 200 in its usual time", async () => {
  const { hostname, port } = new URL(BASE_URL);
  const time = async (path: string) => {
    const started = Date.now();
    const res = await fetch(`${BASE_URL}${path}`);
    await res.arrayBuffer();
    return { status: res.status, ms: Date.now() - started };
  };
  const usual = await time("/en/login");
  expect(usual.status).toBe(200);

  const sockets: Socket[] = [];
  const answers: Promise<string>[] = [];
  const timers: NodeJS.Timeout[] = [];
  for (let i = 0; i < 20; i++) {
    const socket = connect(Number(port), hostname);
    sockets.push(socket);
    let got = "";
    socket.on("data", (d) => (got += d.toString()));
    answers.push(new Promise((resolve) => socket.on("close", () => resolve(got)).on("error", () => resolve(got))));
    socket.write(
      `POST /en/collaborate HTTP/1.1\r\nHost: localhost:${port}\r\nOrigin: ${BASE_URL}\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 20000\r\n\r\n`,
    );
    timers.push(setInterval(() => socket.write("a".repeat(10)), 100));
  }
  try {
    await new Promise((r) => setTimeout(r, 500));
    for (let i = 0; i < 3; i++) {
      const during = await time("/en/login");
      expect(during.status).toBe(200);
      expect(during.ms).toBeLessThan(Math.max(1500, usual.ms * 5));
    }
    const health = await fetch(`${BASE_URL}/api/health`);
    expect(health.status).toBe(200);
  } finally {
    timers.forEach(clearInterval);
    sockets.forEach((s) => s.destroy());
  }
  // From one address, only a few uploads were being received; the others were told to wait (429).
  const refused = (await Promise.all(answers)).filter((a) => a.startsWith("HTTP/1.1 429 ")).length;
  expect(refused).toBeGreaterThanOrEqual(10);
});
