import sharp from "sharp";
const [out, H, ...files] = process.argv.slice(2);
const W = 390;
const bufs = [];
for (const f of files) {
  const m = await sharp(f).metadata();
  bufs.push(await sharp(f).extract({ left: 0, top: 0, width: m.width, height: Math.min(m.height, Number(H)) }).resize({ width: W }).png().toBuffer());
}
const metas = await Promise.all(bufs.map((b) => sharp(b).metadata()));
const h = Math.max(...metas.map((m) => m.height));
await sharp({ create: { width: files.length * (W + 8), height: h, channels: 3, background: "#f0f" } })
  .composite(bufs.map((b, i) => ({ input: b, left: i * (W + 8), top: 0 })))
  .png().toFile(out);
