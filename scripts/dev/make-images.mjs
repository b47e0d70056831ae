// Renders the share image (1200×630), the 512 px logo and favicon.ico with Chromium, into public/.
// Run again after changing the brand: node scripts/dev/make-images.mjs
import { writeFileSync } from "node:fs";
import { chromium } from "playwright-core";

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../chromium.mjs";

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
const logo = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#5b21b6"/><path d="M18 46V18h8l12 17V18h8v28h-8L26 29v17z" fill="#fff"/></svg>`;

async function shot(html, width, height) {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.setContent(`<!doctype html><html><body style="margin:0">${html}</body></html>`);
  const png = await page.screenshot({ type: "png", omitBackground: true });
  await page.close();
  return png;
}

const share = await shot(
  `<div style="width:1200px;height:630px;display:flex;align-items:center;justify-content:center;gap:48px;
    background:radial-gradient(900px 500px at 10% 0%,#5b21b6 0%,transparent 70%),radial-gradient(700px 500px at 100% 100%,#0e7490 0%,transparent 70%),#0b0f1e;
    font-family:DejaVu Sans,sans-serif;color:#fff">
    <div style="width:220px;height:220px">${logo.replace("<svg", '<svg width="220" height="220"')}</div>
    <div style="font-size:88px;font-weight:800;letter-spacing:-2px">Nexo Indie</div></div>`,
  1200,
  630,
);
writeFileSync("public/images/og-default.png", share);
writeFileSync("public/images/logo-512.png", await shot(logo.replace("<svg", '<svg width="512" height="512"'), 512, 512));
const icon = await shot(logo.replace("<svg", '<svg width="32" height="32"'), 32, 32);
// An ICO file holding one 32×32 PNG image.
const header = Buffer.alloc(22);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(1, 4);
header.writeUInt8(32, 6);
header.writeUInt8(32, 7);
header.writeUInt16LE(1, 10);
header.writeUInt16LE(32, 12);
header.writeUInt32LE(icon.length, 14);
header.writeUInt32LE(22, 18);
writeFileSync("public/favicon.ico", Buffer.concat([header, icon]));
await browser.close();
console.log("images written to public/");
