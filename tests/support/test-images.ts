import { crc32, deflateSync } from "node:zlib";

/**
 * For tests: a valid one-colour PNG of any size, built by hand (1-bit greyscale, all zero, deflated), so a
 * 100000×10 "decompression bomb" weighs about 1 KB and no binary file is committed.
 */
export function oneColourPng(width: number, height: number): Uint8Array {
  const rowBytes = 1 + Math.ceil(width / 8); // filter byte + 1 bit per pixel
  const raw = Buffer.alloc(rowBytes * height); // filter 0, every pixel black
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter method, no interlace
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", ihdr),
      chunk("IDAT", deflateSync(raw, { level: 9 })),
      chunk("IEND", Buffer.alloc(0)),
    ]),
  );
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}
