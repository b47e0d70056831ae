/**
 * Whether bytes are a PDF, by their content alone (never the file's name or the browser's type): the `%PDF-1.x`
 * or `%PDF-2.0` header within the first 1024 bytes (as readers accept it), an `%%EOF` marker near the end, and
 * the structure between them — at least one `obj … endobj`, and a cross-reference table or stream (`xref` /
 * `startxref`). A text file renamed `.pdf`, an image, or a truncated upload fails.
 */
export function looksLikePdf(bytes: Uint8Array): boolean {
  if (bytes.byteLength < 64) return false;
  const head = latin1(bytes.subarray(0, 1024));
  const at = head.indexOf("%PDF-");
  if (at < 0 || !/^%PDF-(?:1\.[0-7]|2\.0)/.test(head.slice(at, at + 8))) return false;
  const tail = latin1(bytes.subarray(Math.max(0, bytes.byteLength - 2048)));
  if (!tail.includes("%%EOF")) return false;
  if (!/startxref\s+\d+/.test(tail)) return false;
  // The body: objects are where the pages are; look in a bounded window so a huge file costs little.
  const body = latin1(bytes.subarray(at, Math.min(bytes.byteLength, at + 256 * 1024)));
  return /\d+\s+\d+\s+obj\b/.test(body) && (body.includes("endobj") || tail.includes("endobj"));
}

const latin1 = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("latin1");

/**
 * A small valid one-page PDF with a line of text (demo data and tests): objects, a cross-reference table with
 * the real offsets, and its trailer.
 */
export function makePdf(text: string): Uint8Array {
  const safe = text.replace(/[()\\]/g, "").replace(/[^\x20-\x7e]/g, "?");
  const stream = `BT /F1 18 Tf 72 720 Td (${safe}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, "latin1"));
}
