import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { buildIconSprite } from "#scripts/icon-sprite";
import { Icon } from "./icon";
import { ICON_NAMES } from "./icons";

describe("Icon", () => {
  it("points into the sprite, hidden from assistive technology, with Lucide's default size", () => {
    const html = renderToStaticMarkup(<Icon name="heart" />);
    expect(html).toBe('<svg class="icon i24" aria-hidden="true"><use href="/@icon-sprite.svg#heart"></use></svg>');
  });

  it("draws the usual sizes with a class, other sizes and a caller's size-* class with attributes", () => {
    expect(renderToStaticMarkup(<Icon name="heart" size={20} />)).toContain('class="icon i20" aria-hidden');
    expect(renderToStaticMarkup(<Icon name="heart" size={40} />)).toContain('class="icon" width="40" height="40"');
    expect(renderToStaticMarkup(<Icon name="heart" size={16} className="size-5" />)).toContain(
      'class="icon size-5" width="16" height="16"',
    );
  });

  it("takes a size, classes, a fill and a stroke width", () => {
    const html = renderToStaticMarkup(<Icon name="heart" size={16} className="text-primary" fill="currentColor" strokeWidth={1.5} />);
    expect(html).toContain('class="icon i16 text-primary" style="stroke-width:1.5;fill:currentColor"');
  });

  it("names itself when given a label", () => {
    const html = renderToStaticMarkup(<Icon name="lock" aria-label="Locked" />);
    expect(html).toContain('role="img" aria-label="Locked"');
    expect(html).not.toContain("aria-hidden");
  });
});

describe("the icon sprite", () => {
  it("holds one symbol per registered icon, drawn from Lucide's data", async () => {
    const sprite = await buildIconSprite();
    const ids = [...sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">/g)].map((m) => m[1]);
    expect(ids).toEqual([...ICON_NAMES]);
    expect(sprite).toContain('<symbol id="heart" viewBox="0 0 24 24"><path d="M2 9.5a5.5');
    expect(sprite).not.toContain("key=");
  });

  it("refuses a name Lucide does not have, or an old alias", async () => {
    await expect(buildIconSprite(["not-an-icon"])).rejects.toThrow(/not a lucide-react icon/);
    await expect(buildIconSprite(["trash-2"])).rejects.toThrow(/alias/);
  });
});
