import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DomainError } from "./errors";
import { parseInput } from "./validate";

describe("parseInput", () => {
  const schema = z.object({
    title: z.string().min(3, "errors:forum.title_length"),
    tags: z.array(z.string()).default([]),
    nested: z.object({ text: z.string() }).optional(),
  });

  it("returns the parsed value", () => {
    expect(parseInput(schema, { title: "Hello", tags: ["a"] })).toEqual({ title: "Hello", tags: ["a"] });
  });

  it("turns U+0000 into U+FFFD in every string, nested ones too (PostgreSQL text cannot hold NUL)", () => {
    const parsed = parseInput(schema, { title: "java\0script:", tags: ["a\0b"], nested: { text: "\0<script>" } });
    expect(parsed).toEqual({ title: "java\uFFFDscript:", tags: ["a\uFFFDb"], nested: { text: "\uFFFD<script>" } });
    expect(JSON.stringify(parsed)).not.toContain("\\u0000");
  });

  it("leaves other values alone", () => {
    const at = new Date();
    expect(parseInput(z.object({ at: z.date(), n: z.number() }), { at, n: 1 })).toEqual({ at, n: 1 });
  });

  it("refuses bad input with one translated key per field", () => {
    try {
      parseInput(schema, { title: "x", tags: "no" });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(DomainError);
      expect((e as DomainError).details).toEqual({ fieldErrors: { title: "errors:forum.title_length", tags: "errors:input.invalid" } });
    }
  });
});
