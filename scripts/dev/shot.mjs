import { chromium } from "playwright-core";
const b = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
const url = process.argv[2],
  out = process.argv[3],
  w = Number(process.argv[4] || 1280);
const ctx = await b.newContext({ viewport: { width: w, height: 900 }, colorScheme: process.argv[5] || "dark" });
const p = await ctx.newPage();
const errors = [];
p.on("console", (m) => {
  if (m.type() === "error" || m.type() === "warning") errors.push(m.text());
});
p.on("pageerror", (e) => errors.push("PAGEERROR " + e.message));
await p.goto(url, { waitUntil: "networkidle" });
await p.screenshot({ path: out, fullPage: false });
console.log(errors.join("\n"));
await b.close();
