import sharp from "sharp";
const [file, out, top = "0", height = "1600", width] = process.argv.slice(2);
const img = sharp(file);
const m = await img.metadata();
const h = Math.min(Number(height), m.height - Number(top));
await sharp(file).extract({ left: 0, top: Number(top), width: m.width, height: h }).resize(width ? { width: Number(width) } : undefined).toFile(out);
console.log(m.width, m.height);
