import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** The first byte of a sealed value: which format (and key) sealed it, so a later rotation can tell them apart. */
const FORMAT_V1 = 1;

/**
 * Secrets kept at rest (campaign keys): AES-256-GCM with a random 96-bit IV per value, and an HMAC
 * fingerprint that finds a value without decrypting anything (duplicates within a company's pools, the
 * resale-site lookup). Both keys are derived from one server secret with HKDF, each for its own purpose, so
 * the fingerprint never reveals the sealing key. A sealed value is `format | iv | tag | ciphertext`.
 */
export type SecretBox = {
  seal(plain: string): Buffer;
  /** Throws if the value was altered or sealed with another secret. */
  open(sealed: Uint8Array): string;
  /** Deterministic: the same value gives the same fingerprint (hex), under this server's secret only. */
  fingerprint(plain: string): string;
};

export function createSecretBox(secret: string, purpose: string): SecretBox {
  const derive = (use: string) => Buffer.from(hkdfSync("sha256", secret, purpose, use, 32));
  const sealKey = derive("seal");
  const fingerprintKey = derive("fingerprint");
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", sealKey, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return Buffer.concat([Buffer.of(FORMAT_V1), iv, cipher.getAuthTag(), body]);
    },
    open(sealed) {
      const buf = Buffer.from(sealed);
      if (buf.length < 1 + IV_BYTES + TAG_BYTES || buf[0] !== FORMAT_V1) throw new Error("not a sealed value");
      const iv = buf.subarray(1, 1 + IV_BYTES);
      const tag = buf.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
      const decipher = createDecipheriv("aes-256-gcm", sealKey, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(buf.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
    },
    fingerprint(plain) {
      return createHmac("sha256", fingerprintKey).update(plain, "utf8").digest("hex");
    },
  };
}
