import { describe, expect, it } from "vitest";
import { resolveLocale } from "./locale";

const at = (path: string) => new URL(`http://x${path}`);

describe("resolveLocale (SPEC §9 order on the server)", () => {
  it("takes the path prefix first, including React Router's data requests", () => {
    expect(resolveLocale(at("/es/about"), "en", "en")).toMatchObject({ locale: "es", prefix: "/es", source: "path" });
    expect(resolveLocale(at("/es.data"), "en", "en")).toMatchObject({ locale: "es", prefix: "/es", source: "path" });
    expect(resolveLocale(at("/en/about.data"), "es", "es")).toMatchObject({ locale: "en", prefix: "/en", source: "path" });
  });

  it("then the query string, the cookie, Accept-Language, and English", () => {
    expect(resolveLocale(at("/about?lng=es"), "en", "en")).toMatchObject({ locale: "es", prefix: "", source: "query" });
    expect(resolveLocale(at("/about"), "es", "en")).toMatchObject({ locale: "es", source: "cookie" });
    expect(resolveLocale(at("/about"), undefined, "es-ES,en;q=0.5")).toMatchObject({ locale: "es", source: "header" });
    expect(resolveLocale(at("/about"), undefined, "de")).toMatchObject({ locale: "en", source: "fallback" });
  });

  it("skips injection-like values at every step", () => {
    expect(resolveLocale(at("/about?lng=%3Cscript%3E"), "<svg>", "es")).toMatchObject({ locale: "es", source: "header" });
  });
});
