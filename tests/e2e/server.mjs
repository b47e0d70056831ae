// Starts the production build for the end-to-end tests on a temporary data directory (removed on exit).
import { spawn } from "node:child_process";
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";

const port = process.env.E2E_PORT ?? "4391";
// One directory per port, emptied at every start: Playwright may stop this script before it can clean up.
const dataDir = join(tmpdir(), `e2e-data-${port}`);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
// A real SMTP server beside the site: what it receives goes to a JSON-lines file the tests read (mailbox.ts).
const smtpPort = Number(port) + 1;
const mailbox = join(tmpdir(), `e2e-mail-${port}.jsonl`);
writeFileSync(mailbox, "");
const smtp = new SMTPServer({
  // No reverse DNS of the client (127.0.0.1): up to 1.5 s per message on a resolver that does not answer.
  disableReverseLookup: true,
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((m) => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        // Attachments by name and type; a calendar invitation's text too, so a test can read the event.
        const attachments = (m.attachments ?? []).map((a) => ({
          filename: a.filename ?? "",
          contentType: a.contentType ?? "",
          text: a.contentType?.startsWith("text/calendar") ? a.content.toString("utf8") : undefined,
        }));
        appendFileSync(mailbox, JSON.stringify({ to, subject: m.subject ?? "", text: m.text ?? "", attachments, at: Date.now() }) + "\n");
        callback();
      })
      .catch(callback);
  },
});
await new Promise((resolve) => smtp.listen(smtpPort, "127.0.0.1", resolve));

// YouTube's oEmbed endpoint, stood in for by a tiny local server (tests/support/youtube-stub.ts is its twin for
// vitest): two known videos; anything else is YouTube's 404. Only E2EthumbNl0 has a thumbnail (on i.ytimg.com,
// which a spec that uses it answers with page.route: the browser reaches nothing outside).
const oembedPort = Number(port) + 2;
const VIDEOS = {
  dQw4w9WgXcQ: { title: "Brisa — Official Trailer", author_name: "Brisa Studio" },
  E2EthumbNl0: {
    title: "Brisa — Gameplay",
    author_name: "Brisa Studio",
    thumbnail_url: "https://i.ytimg.com/vi/E2EthumbNl0/hqdefault.jpg",
  },
};
// YouTube's channel pages too (YOUTUBE_CHANNEL_URL): a spec plays the creator putting the site's code
// in the channel's description with `PUT /__channels/@handle` (the body is the description); `GET /@handle` then
// answers a page stating it, as YouTube's meta tags do. Unknown channels are YouTube's 404.
const channels = new Map();
const escapeHtml = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const oembed = createServer((req, res) => {
  const address = new URL(req.url ?? "/", "http://stub");
  if (address.pathname.startsWith("/__channels/") && req.method === "PUT") {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      channels.set(decodeURIComponent(address.pathname.slice("/__channels".length)).toLowerCase(), body);
      res.writeHead(204).end();
    });
    return;
  }
  if (address.pathname !== "/oembed") {
    const description = channels.get(decodeURIComponent(address.pathname).toLowerCase());
    if (description === undefined) return void res.writeHead(404).end("Not Found");
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    return void res.end(
      `<!doctype html><html><head><meta name="description" content="${escapeHtml(description)}"></head><body></body></html>`,
    );
  }
  const url = address.searchParams.get("url") ?? "";
  const id = /(?:v=|youtu\.be\/|shorts\/|embed\/)([A-Za-z0-9_-]{11})/.exec(url)?.[1];
  const video = id ? VIDEOS[id] : undefined;
  if (!video) return void res.writeHead(404).end("Not Found");
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify({ type: "video", provider_name: "YouTube", ...video }));
});
await new Promise((resolve) => oembed.listen(oembedPort, "127.0.0.1", resolve));

const child = spawn(process.execPath, ["build/server/main.js"], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: port,
    BASE_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    SEED_DEMO: "true",
    LOG_LEVEL: "warn",
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    YOUTUBE_OEMBED_URL: `http://127.0.0.1:${oembedPort}/oembed`,
    // Production takes sandbox payments only when asked: the specs pay on the sandbox's page.
    PAYMENTS_SANDBOX: "true",
    YOUTUBE_CHANNEL_URL: `http://127.0.0.1:${oembedPort}`,
    // YouTube's image host: the stub knows no thumbnail, so a video saved without one shows the placeholder.
    YOUTUBE_THUMBNAIL_URL: `http://127.0.0.1:${oembedPort}`,
    // As a proxy would: tests that register many accounts present themselves as different clients.
    CLIENT_IP_HEADER: "x-e2e-client-ip",
    // Chromium and the server (two of each with two workers) share two cores here: a page must not be refused
    // because a browser held a core for a moment. Shedding itself is proved by server/http/load-shedder.test.ts and `npm run bench -- overload`.
    OVERLOAD_LAG_MS: process.env.OVERLOAD_LAG_MS ?? "2000",
    // Specs change settings and rows behind the site's back (fixtures): the side panel is read on every page
    // here; keeping it is proved by server/platform/kept-read.test.ts.
    SIDE_PANEL_CACHE_SECONDS: "0",
    // Playwright fills a form in milliseconds: the minimum fill time is proved at the HTTP level
    // (server/platform/form-guard.test.ts and the forms' page tests).
    FORM_MIN_FILL_SECONDS: "0",
  },
});
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill("SIGTERM"));
child.on("exit", (code) => {
  cleanup();
  smtp.close();
  oembed.close();
  process.exit(code ?? 0);
});
