/** The widest image the browser sends (the server re-encodes it again, at most this wide). */
export const MAX_UPLOAD_WIDTH = 1600;

/**
 * Compresses a chosen image in the browser before upload: decoded, scaled to at most 1600 px wide on a canvas,
 * encoded as WEBP (JPEG where the browser cannot write WEBP). The smaller of the original and the result is
 * kept. Throws when the browser cannot decode or encode it (the form says 'Failed to compress image.').
 */
export async function compressImage(file: File, maxWidth = MAX_UPLOAD_WIDTH): Promise<File> {
  const bitmap = await createImageBitmap(file);
  try {
    const scale = Math.min(1, maxWidth / bitmap.width);
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error("no 2d context");
    ctx.drawImage(bitmap, 0, 0, width, height);
    const encode = (type: string) => new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.85));
    let blob = await encode("image/webp");
    if (!blob || blob.type !== "image/webp") blob = await encode("image/jpeg");
    if (!blob || blob.size === 0) throw new Error("encode failed");
    if (scale === 1 && blob.size >= file.size) return file;
    const ext = blob.type === "image/webp" ? "webp" : "jpg";
    const base = file.name.replace(/\.[^.]*$/, "") || "image";
    return new File([blob], `${base}.${ext}`, { type: blob.type, lastModified: Date.now() });
  } finally {
    bitmap.close();
  }
}

/** Puts a file into a file input (so a plain form post sends it). False where the browser cannot. */
export function setInputFile(input: HTMLInputElement, file: File): boolean {
  try {
    const dt = new DataTransfer();
    dt.items.add(file);
    input.files = dt.files;
    return input.files?.[0] === file || input.files?.length === 1;
  } catch {
    return false;
  }
}

/** Puts several files into a multiple file input, in order. False where the browser cannot. */
export function setInputFiles(input: HTMLInputElement, files: File[]): boolean {
  try {
    const dt = new DataTransfer();
    for (const f of files) dt.items.add(f);
    input.files = dt.files;
    return input.files?.length === files.length;
  } catch {
    return false;
  }
}
