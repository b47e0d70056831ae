import { expect, it } from "vitest";
import { newNonce } from "./security";

it("each page's CSP nonce is 16 random bytes, never repeated, also across refills of the pool", () => {
  const nonces = Array.from({ length: 1000 }, newNonce);
  for (const n of nonces) expect(Buffer.from(n, "base64")).toHaveLength(16);
  expect(new Set(nonces).size).toBe(1000);
  // 16 random bytes are never all zero: a pool handed out before it was filled would be.
  expect(nonces).not.toContain(Buffer.alloc(16).toString("base64"));
});
