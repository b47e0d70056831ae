import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { serverI18n } from "#app/i18n/server";
import type { Locale } from "#shared/locales";
import type { DatabaseDiagram } from "#shared/database-diagram";
import { DatabaseDiagramSvg, DatabaseTables } from "./database-diagram";

export type DatabaseDiagramMarkup = { svg: string; tables: string };

const rendered = new WeakMap<DatabaseDiagram, Map<Locale, DatabaseDiagramMarkup>>();

/**
 * The diagram and its tables as HTML, rendered once per build and language: the page is the same for everyone and
 * holds about 1,400 rows, so rendering it on every request (and sending its data again for hydration) cost four
 * times a list page. The page sends this markup once (`htmlOnce`).
 */
export function databaseDiagramMarkup(diagram: DatabaseDiagram, locale: Locale): DatabaseDiagramMarkup {
  let byLocale = rendered.get(diagram);
  if (!byLocale) rendered.set(diagram, (byLocale = new Map()));
  let markup = byLocale.get(locale);
  if (!markup) {
    const i18n = serverI18n(locale);
    const render = (node: ReactNode) => renderToStaticMarkup(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
    markup = { svg: render(<DatabaseDiagramSvg diagram={diagram} />), tables: render(<DatabaseTables diagram={diagram} />) };
    byLocale.set(locale, markup);
  }
  return markup;
}
