import { describe, expect, it } from "vitest";
import { fromAcceptLanguage, localizedPath, sanitizeLanguage, splitLocalePrefix } from "./locales";

describe("language detection", () => {
  it("accepts language tags and maps them to a supported language", () => {
    expect(sanitizeLanguage("es")).toBe("es");
    expect(sanitizeLanguage("es-ES")).toBe("es");
    expect(sanitizeLanguage("EN_us")).toBe("en");
    expect(sanitizeLanguage("fr")).toBeNull();
  });

  it("discards values that look like script injection", () => {
    for (const v of [
      "<script>alert(1)</script>",
      "es<svg onload=alert(1)>",
      "javascript:alert(1)",
      'es"><img src=x>',
      "es;drop",
      "e s",
      "es" + "-x".repeat(40),
    ]) {
      expect(sanitizeLanguage(v), v).toBeNull();
    }
  });

  it("reads Accept-Language by weight, skipping unsupported and malformed entries", () => {
    expect(fromAcceptLanguage("fr-FR,fr;q=0.9,es;q=0.8,en;q=0.7")).toBe("es");
    expect(fromAcceptLanguage("en;q=0.5, es;q=0.9")).toBe("es");
    expect(fromAcceptLanguage("de, <script>;q=1, en-GB;q=0.3")).toBe("en");
    expect(fromAcceptLanguage("es;q=0, en;q=0.1")).toBe("en");
    expect(fromAcceptLanguage("de")).toBeNull();
    expect(fromAcceptLanguage(undefined)).toBeNull();
  });

  it("splits and rebuilds language prefixes", () => {
    expect(splitLocalePrefix("/es")).toEqual({ locale: "es", rest: "/" });
    expect(splitLocalePrefix("/en/about")).toEqual({ locale: "en", rest: "/about" });
    expect(splitLocalePrefix("/essay")).toEqual({ locale: null, rest: "/essay" });
    expect(localizedPath("/es/about", "en")).toBe("/en/about");
    expect(localizedPath("/about", "es")).toBe("/es/about");
    expect(localizedPath("/", "es")).toBe("/es/");
    expect(localizedPath("/en/", null)).toBe("/");
  });
});
