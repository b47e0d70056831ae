import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

/**
 * Every page exists at /…, /es/… and /en/… through the optional `:lang` segment; the lang route answers
 * 404 for any other value. SPEC §2 decides which pages sit inside the main layout and which show the side panel.
 */
export default [
  route(":lang?", "routes/lang.tsx", [
    layout("routes/layouts/main.tsx", [
      layout("routes/layouts/with-side-panel.tsx", [
        index("routes/pages/home.tsx"),
        route("about", "routes/pages/about.tsx"),
        route("connect", "routes/pages/connect.tsx"),
        route("privacy-policy", "routes/pages/legal.tsx", { id: "privacy-policy" }),
        route("cookie-policy", "routes/pages/legal.tsx", { id: "cookie-policy" }),
        route("terms-and-conditions", "routes/pages/legal.tsx", { id: "terms-and-conditions" }),
        route("search", "routes/pages/search.tsx"),
        route("*", "routes/pages/not-found.tsx"),
      ]),
      // SPEC §2: no side panel on the resources wiki.
      route("resources", "routes/pages/resources.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
