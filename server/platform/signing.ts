import { createHmac, timingSafeEqual } from "node:crypto";

export function sign(secret: string, purpose: string, data: string): string {
  return createHmac("sha256", secret).update(`${purpose}\n${data}`).digest("base64url");
}

export function verifySignature(secret: string, purpose: string, data: string, signature: string): boolean {
  const expected = Buffer.from(sign(secret, purpose, data));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
