import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { serverI18n } from "#app/i18n/server";
import { Breadcrumbs } from "./ui";

function render(items: { to?: string; label: string }[], locale: "es" | "en" = "es") {
  const Stub = createRoutesStub([{ path: "*", Component: () => <Breadcrumbs items={items} /> }]);
  return renderToString(
    <I18nextProvider i18n={serverI18n(locale)}>
      <Stub initialEntries={["/"]} />
    </I18nextProvider>,
  );
}

/** The steps as read: the visible text of each list item, in order. */
const steps = (html: string) =>
  [...html.matchAll(/<li[^>]*>(.*?)<\/li>/g)].map((m) =>
    m[1]!
      .replace(/<[^>]+>/g, "")
      .replace("›", "")
      .trim(),
  );

describe("forum breadcrumbs", () => {
  it("says a category named like the community root once, not “Comunidad › Comunidad”", () => {
    const html = render([{ to: "/community", label: "Comunidad" }, { label: "Comunidad" }]);
    expect(steps(html)).toEqual(["Comunidad"]);
    expect(render([{ to: "/en/community", label: "Community" }, { label: "community " }], "en")).not.toMatch(/›/);
  });

  it("keeps every step that differs, the last one marked as the current page", () => {
    const html = render([{ to: "/community", label: "Comunidad" }, { label: "Desarrollo" }]);
    expect(steps(html)).toEqual(["Comunidad", "Desarrollo"]);
    expect(html).toMatch(/aria-current="page"[^>]*>Desarrollo</);
  });

  it("makes each link a tap target at least 24 px tall (a standalone link, not one in a sentence)", () => {
    expect(render([{ to: "/community", label: "Comunidad" }, { label: "Desarrollo" }])).toMatch(/<a[^>]*class="link inline-block py-1"/);
  });
});
