import { describe, expect, it } from "vitest";
import { createSecretBox } from "./secret-box";

const SECRET = "a-server-secret-of-at-least-32-characters!";

describe("secret box", () => {
  const box = createSecretBox(SECRET, "campaign-keys");

  it("seals and opens a value; the same value seals differently each time", () => {
    const a = box.seal("ABCDE-12345-FGHIJ");
    const b = box.seal("ABCDE-12345-FGHIJ");
    expect(a.equals(b)).toBe(false);
    expect(a.includes(Buffer.from("ABCDE"))).toBe(false);
    expect(box.open(a)).toBe("ABCDE-12345-FGHIJ");
    expect(box.open(new Uint8Array(b))).toBe("ABCDE-12345-FGHIJ");
  });

  it("refuses an altered value, another secret's value, or something that is not sealed", () => {
    const sealed = box.seal("KEY-1");
    const altered = Buffer.from(sealed);
    altered[altered.length - 1] ^= 1;
    expect(() => box.open(altered)).toThrow();
    expect(() => createSecretBox(`${SECRET}x`, "campaign-keys").open(sealed)).toThrow();
    expect(() => createSecretBox(SECRET, "other-purpose").open(sealed)).toThrow();
    expect(() => box.open(Buffer.from("short"))).toThrow("not a sealed value");
  });

  it("fingerprints deterministically, per secret and purpose, without showing the value", () => {
    const f = box.fingerprint("KEY-1");
    expect(f).toMatch(/^[0-9a-f]{64}$/);
    expect(box.fingerprint("KEY-1")).toBe(f);
    expect(box.fingerprint("KEY-2")).not.toBe(f);
    expect(createSecretBox(SECRET, "other-purpose").fingerprint("KEY-1")).not.toBe(f);
    expect(createSecretBox(`${SECRET}x`, "campaign-keys").fingerprint("KEY-1")).not.toBe(f);
  });
});
