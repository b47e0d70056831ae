import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { serverI18n } from "#app/i18n/server";
import { MiniAvatar } from "./avatar";
import { Badge } from "./badge";
import { buttonClass } from "./button";
import { MediaCard } from "./card";
import { Dialog } from "./dialog";
import { EmptyState } from "./empty-state";
import { DateInput } from "./date-input";
import { Field, FieldRow } from "./form-field";
import { MediaSlot } from "./media-slot";
import { Pagination } from "./pagination";
import { DataTable, SortHeader } from "./table";
import { TabNav } from "./tabs";

/** The UI kit (docs/design.md) as the server renders it, in either language. */
function render(node: ReactNode, locale: "es" | "en" = "en", at = "/") {
  const Stub = createRoutesStub([{ path: "*", Component: () => <>{node}</> }]);
  return renderToString(
    <I18nextProvider i18n={serverI18n(locale)}>
      <Stub initialEntries={[at]} />
    </I18nextProvider>,
  );
}

describe("MiniAvatar", () => {
  it("shows the uploaded picture when there is one", () => {
    const html = render(<MiniAvatar url="/media/a.webp" userId="u-1" username="ana" size={32} />);
    expect(html).toContain('src="/media/a.webp"');
    expect(html).not.toContain("/avatars/");
    expect(html).toContain('alt=""');
  });

  it("shows the generated avatar of the user id when there is no upload", () => {
    const html = render(<MiniAvatar url={null} userId="3f9c-abc" username="ana" />);
    expect(html).toContain('src="/avatars/3f9c-abc.svg"');
    expect(html).toContain('width="40"');
  });

  it("draws the usual sizes with a class, others with an inline size", () => {
    const usual = render(<MiniAvatar userId="u-1" size={40} className="ring-2" />);
    expect(usual).toContain('class="avatar av40 ring-2"');
    expect(usual).not.toContain("style=");
    expect(render(<MiniAvatar userId="u-1" size={128} />)).toContain('style="width:128px;height:128px"');
  });

  it("falls back to the first letter only without an id", () => {
    const html = render(<MiniAvatar username="ñu" />);
    expect(html).not.toContain("<img");
    expect(html).toMatch(/aria-hidden="true"[^>]*>Ñ<\/span>/);
  });
});

describe("MediaSlot and MediaCard", () => {
  it("reserves a 16:9 box: the picture covers it, lazily unless it is the page's main one", () => {
    const html = render(<MediaSlot src="/media/cover.webp" width={640} />);
    expect(html).toContain('class="media-slot "');
    expect(html).toMatch(/<img src="\/media\/cover.webp" alt="" width="640" height="360" loading="lazy"/);
    expect(render(<MediaSlot src="/media/cover.webp" priority />)).not.toContain('loading="lazy"');
  });

  it("shows the themed placeholder without a picture", () => {
    const html = render(<MediaSlot />);
    expect(html).toContain('data-empty="true"');
    expect(html).toContain('src="/images/media-placeholder.svg"');
  });

  it("a media card is one link named by its title, with the picture slot above it", () => {
    const html = render(<MediaCard to="/games/pixel-quest" title="Pixel Quest" meta="Estudio Brisa" />);
    expect(html.indexOf("media-slot")).toBeLessThan(html.indexOf("<h3"));
    expect(html.match(/<a /g)).toHaveLength(1);
    expect(html).toMatch(/<a [^>]*href="\/games\/pixel-quest"[^>]*>Pixel Quest<\/a>/);
  });
});

describe("Pagination", () => {
  it("links the previous and next pages and says where the reader is, in both languages", () => {
    const hrefFor = (p: number) => `/list?page=${p}`;
    const en = render(<Pagination page={2} pageCount={3} hrefFor={hrefFor} />);
    expect(en).toMatch(/href="\/list\?page=1" rel="prev"|rel="prev"[^>]*href="\/list\?page=1"/);
    expect(en).toMatch(/href="\/list\?page=3" rel="next"|rel="next"[^>]*href="\/list\?page=3"/);
    expect(en).toContain("Page 2 of 3");
    expect(render(<Pagination page={2} pageCount={3} hrefFor={hrefFor} />, "es")).toContain("Página 2 de 3");
  });

  it("shows nothing for a single page and no next link on the last", () => {
    expect(render(<Pagination page={1} pageCount={1} hrefFor={String} />)).toBe("");
    expect(render(<Pagination page={3} pageCount={3} hrefFor={String} />)).not.toContain('rel="next"');
  });
});

describe("Field", () => {
  it("reads the label, the hint and the error before the control, and marks the group in error", () => {
    const html = render(<Field label="Username" name="username" hint="Letters and numbers" error="errors:required" />);
    const at = (s: string) => html.indexOf(s);
    expect(at("<label")).toBeLessThan(at("Letters and numbers"));
    const message = at("text-danger");
    expect(message).toBeGreaterThan(0);
    expect(at("Letters and numbers")).toBeLessThan(message);
    expect(message).toBeLessThan(at("<input"));
    expect(html).toContain("field-error");
    expect(html).toContain('aria-invalid="true"');
    expect(html).toMatch(/aria-describedby="[^"]*-hint [^"]*-error"/);
  });
});

describe("the other pieces", () => {
  it("buttons: variant and size classes, md without a size class", () => {
    expect(buttonClass()).toBe("btn btn-primary");
    expect(buttonClass("danger", "lg", "w-full")).toBe("btn btn-danger btn-lg w-full");
  });

  it("tabs mark the current page", () => {
    const html = render(
      <TabNav
        label="Account"
        items={[
          { to: "/account", label: "Profile" },
          { to: "/account/security", label: "Security" },
        ]}
      />,
      "en",
      "/account/security",
    );
    expect(html).toMatch(/aria-current="page"[^>]*href="\/account\/security"|href="\/account\/security"[^>]*aria-current="page"/);
    expect(html.match(/aria-current/g)).toHaveLength(1);
  });

  it("a data table names itself and scrolls inside a focusable region; sortable heads say their order", () => {
    const html = render(
      <DataTable caption="Members">
        <thead>
          <tr>
            <SortHeader href="?sort=xp" sort="descending">
              XP
            </SortHeader>
          </tr>
        </thead>
      </DataTable>,
    );
    expect(html).toMatch(/role="region" aria-label="Members"|aria-label="Members"[^>]*role="region"/);
    expect(html).toContain('tabindex="0"');
    expect(html).toContain("<caption>Members</caption>");
    expect(html).toContain('aria-sort="descending"');
    // It says it scrolls, in the page's language (shown by app.css only while the table overflows).
    expect(render(<DataTable caption="Miembros">{null}</DataTable>, "es")).toContain("Desliza de lado para ver todas las columnas");
  });

  it("a date is the platform's date field, laid out and wired like every other field", () => {
    const html = render(
      <FieldRow>
        <DateInput name="startsAt" label="Starts" hint="The first day." defaultValue="2026-03-07" min="2026-01-01" />
        <DateInput name="endsAt" label="Ends" error="errors:input.date_invalid" values={{ endsAt: "2026-02-31" }} />
      </FieldRow>,
    );
    expect(html).toContain('class="field-row"');
    expect(html).toMatch(/<label for="([^"]+)-startsAt"[^>]*>Starts<\/label>/);
    const input = (name: string) => html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0] ?? "";
    expect(input("startsAt")).toMatch(/type="date"/);
    expect(input("startsAt")).toMatch(/value="2026-03-07"/);
    expect(input("startsAt")).toMatch(/min="2026-01-01"/);
    expect(html).toMatch(/aria-describedby="[^"]+-startsAt-hint"/);
    // A refused date comes back as sent, with the message before the control and the field marked invalid.
    expect(input("endsAt")).toMatch(/value="2026-02-31"/);
    expect(input("endsAt")).toMatch(/aria-invalid="true"/);
    expect(html).toContain("Enter a date that exists");
    expect(html.indexOf("Enter a date that exists")).toBeLessThan(html.indexOf('name="endsAt"'));
  });

  it("a dialog is a native <dialog> opened and closed by invoker commands, its close button translated", () => {
    const html = render(
      <Dialog title="Edit achievement" trigger="Edit">
        <p>Form</p>
      </Dialog>,
      "es",
    );
    const id = html.match(/<dialog[^>]*id="([^"]+)"/)![1];
    expect(html).toContain(`commandfor="${id}" command="show-modal"`);
    expect(html).toContain(`commandfor="${id}" command="close"`);
    expect(html).toContain('aria-label="Cerrar"');
    expect(html).toMatch(new RegExp(`aria-labelledby="${id}-title"`));
  });

  it("badges and empty states show their text", () => {
    expect(render(<Badge tone="warning">Pending</Badge>)).toMatch(/bg-warning[^"]*">Pending<\/span>/);
    const empty = render(<EmptyState title="No games yet" action={<a href="/new">Add one</a>} />);
    expect(empty).toContain("empty-state");
    expect(empty).toContain("No games yet");
    expect(empty).toContain('href="/new"');
  });
});
