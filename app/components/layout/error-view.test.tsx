import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { serverI18n } from "#app/i18n/server";
import { ErrorView } from "./error-view";

/** Renders the view as a route's error boundary would, in the given language. */
function render(error: unknown, locale: "es" | "en") {
  const Stub = createRoutesStub([{ path: "/", Component: () => <ErrorView error={error} /> }]);
  return renderToString(
    <I18nextProvider i18n={serverI18n(locale)}>
      <Stub initialEntries={["/"]} />
    </I18nextProvider>,
  );
}

describe("ErrorView", () => {
  it("shows the generic boundary with the message and a Try Again button", () => {
    const html = render(new Error("Database unreachable"), "en");
    expect(html).toContain("Oops! Something went wrong.");
    expect(html).toContain("Database unreachable");
    expect(html).toMatch(/<button type="submit"[^>]*>Try Again<\/button>/);
    expect(html).toContain('role="alert"');
  });

  it("is translated", () => {
    const html = render(new Error("x"), "es");
    expect(html).toContain("¡Vaya! Algo ha salido mal.");
    expect(html).toContain("Intentar de nuevo");
  });

  it("shows a translated 404 for a not-found response", () => {
    // The shape React Router gives a thrown 404 Response.
    const notFound = { status: 404, statusText: "Not Found", internal: false, data: "Not Found" };
    const html = render(notFound, "es");
    expect(html).toContain("Página no encontrada");
    expect(html).not.toContain("Algo ha salido mal");
    expect(render(notFound, "en")).toContain("Page not found");
  });
});
