import { describe, expect, it } from "vitest";
import { classifyHref, isUploadImage } from "./link-policy";

describe("classifyHref", () => {
  it.each([
    ["/forum/t/1", "internal"],
    ["#post-3", "internal"],
    ["https://example.com", "external"],
    ["HTTP://EXAMPLE.COM/x", "external"],
    ["mailto:ana@example.com", "external"],
  ])("%s is %s", (href, kind) => expect(classifyHref(href)).toBe(kind));

  it.each([
    "",
    "javascript:alert(1)",
    " https://example.com",
    "java\tscript:x",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "data:text/html,x",
    "vbscript:x",
    "ftp://example.com",
    "relative/path",
    "https:///x",
    "https://exa mple.com",
    "https://example.com\u2028",
    "mailto:",
    "https:evil.example",
  ])("refuses %j", (href) => expect(classifyHref(href)).toBeNull());
});

describe("isUploadImage", () => {
  it("accepts /media/ keys only", () => {
    expect(isUploadImage("/media/avatars/u1/ab12.webp")).toBe(true);
    expect(isUploadImage("/media/../x.png")).toBe(false);
    expect(isUploadImage("/media/./x.png")).toBe(false);
    expect(isUploadImage("/media/%2e%2e/x.png")).toBe(false);
    expect(isUploadImage("/media/a//b.png")).toBe(false);
    expect(isUploadImage("/media/")).toBe(false);
    expect(isUploadImage("/mediax/a.png")).toBe(false);
    expect(isUploadImage("https://example.com/media/a.png")).toBe(false);
  });

  it("accepts keys under an https media origin", () => {
    expect(isUploadImage("https://cdn.example.net/a.png", "https://cdn.example.net")).toBe(true);
    expect(isUploadImage("https://cdn.example.net/a.png", "https://cdn.example.net/")).toBe(true);
    expect(isUploadImage("https://cdn.example.net.evil.example/a.png", "https://cdn.example.net")).toBe(false);
    expect(isUploadImage("https://cdn.example.net/../a.png", "https://cdn.example.net")).toBe(false);
    expect(isUploadImage("http://cdn.example.net/a.png", "http://cdn.example.net")).toBe(false);
  });
});
