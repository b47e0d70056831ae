import { createInstance } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { I18nextProvider, useTranslation } from "./server-hooks";

const i18n = createInstance();
await i18n.init({
  lng: "en",
  resources: {
    en: {
      common: { hello: "Hello", greet: "Hi {{name}}", likes_one: "{{count}} like", likes_other: "{{count}} likes" },
      forum: { title: "Forum" },
    },
  },
  defaultNS: "common",
  interpolation: { escapeValue: false },
  initAsync: false,
});

function Probe({ calls }: { calls: [string, Record<string, unknown>?][] }) {
  const { t } = useTranslation();
  const forum = useTranslation("forum");
  return <p>{[...calls.map(([k, o]) => String(o ? t(k, o) : t(k))), forum.t("title")].join("|")}</p>;
}
const render = (calls: [string, Record<string, unknown>?][]) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <Probe calls={calls} />
    </I18nextProvider>,
  );

describe("the server render's useTranslation", () => {
  it("answers what i18next answers, asked again and again with the same and different values", () => {
    const calls: [string, Record<string, unknown>?][] = [
      ["hello"],
      ["greet", { name: "Ana" }],
      ["greet", { name: "Bea" }],
      ["likes", { count: 1 }],
      ["likes", { count: 2 }],
      ["likes", { count: "1" }],
      ["missing.key"],
      ["greet", { name: "Ana", when: new Date(0) }],
    ];
    const expected = `<p>${[...calls.map(([k, o]) => String(o ? i18n.t(k, o) : i18n.t(k))), "Forum"].join("|")}</p>`;
    for (let i = 0; i < 3; i++) expect(render(calls)).toBe(expected);
    expect(render([["likes", { count: 1 }]])).toBe("<p>1 like|Forum</p>");
    expect(render([["likes", { count: 7 }]])).toBe("<p>7 likes|Forum</p>");
  });

  it("gives every render of a language and namespace the same t", () => {
    const seen = new Set<unknown>();
    function Grab() {
      seen.add(useTranslation("forum").t);
      return null;
    }
    for (let i = 0; i < 3; i++)
      renderToStaticMarkup(
        <I18nextProvider i18n={i18n}>
          <Grab />
        </I18nextProvider>,
      );
    expect(seen.size).toBe(1);
  });
});
