import { renderToStaticMarkup } from "react-dom/server";
import { Link as RouterLink, MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Link as ServerLink } from "./server-router";

const render = (link: React.ReactNode) =>
  renderToStaticMarkup(<MemoryRouter initialEntries={["/en/community/motores/a-thread?page=2"]}>{link}</MemoryRouter>);

/** The server's Link must render exactly what the router's Link renders, or hydration would not match. */
describe("the server render's Link", () => {
  const targets = [
    "/en/community",
    "/",
    "/en/u/ana_maría",
    "/en/login?redirectTo=%2Fcommunity%2Fmotores%2Fa-thread%23post-2",
    "/en/community/motores/a-thread?page=2#post-21",
    "/en/community/",
    "/es/admin/forum/users?q=p%C3%A9rez&page=3",
    // Handed to the router's own Link (resolved against the current page):
    "/en/community/../leaderboard",
    "/en/./community",
    "/en/community?",
    "/en/community#",
    "/en/community?#top",
    "/en/community?page=2#",
    "/en/community/.",
    "/en/community/..",
    "/en/community/..?page=2",
    "/.well-known/security.txt",
    "/en/search?q=a/./b",
    "/en/a?b?c#d?e#f",
    "?page=3",
    "#reply",
    "../other",
    "https://example.test/x",
    "//evil.example/x",
  ];

  it.each(targets)("%s renders as the router's Link does", (to) => {
    const props = { className: "link", "aria-label": "Go" };
    expect(
      render(
        <ServerLink to={to} {...props}>
          go
        </ServerLink>,
      ),
    ).toBe(
      render(
        <RouterLink to={to} {...props}>
          go
        </RouterLink>,
      ),
    );
  });

  it("keeps discover, target, rel and the props the router does not use", () => {
    for (const extra of [
      { discover: "none" as const },
      { target: "_blank", rel: "noopener" },
      { reloadDocument: true },
      { replace: true, state: { a: 1 } },
      { prefetch: "intent" as const },
      { prefetch: "viewport" as const },
      { prefetch: "render" as const },
    ]) {
      expect(
        render(
          <ServerLink to="/en/about" {...extra}>
            a
          </ServerLink>,
        ),
      ).toBe(
        render(
          <RouterLink to="/en/about" {...extra}>
            a
          </RouterLink>,
        ),
      );
    }
    expect(render(<ServerLink to={{ pathname: "/en/about", search: "?x=1" }}>a</ServerLink>)).toBe(
      render(<RouterLink to={{ pathname: "/en/about", search: "?x=1" }}>a</RouterLink>),
    );
  });
});
