import { useTranslation } from "react-i18next";
import { TableFrame } from "#app/components/ui/table";
import type { ApiEndpoint } from "./api-endpoints.server";

/** The API's operations from its OpenAPI document: method, path, what it does, and who may call it. */
export function ApiEndpoints({ endpoints, lang }: { endpoints: ApiEndpoint[]; lang: string }) {
  const { t } = useTranslation("wiki");
  return (
    <TableFrame label={t("api.tableLabel")}>
      <table className="w-full text-left text-sm [&_tr>*:first-child]:pl-4 [&_tr>*:last-child]:pr-4" data-endpoints="">
        <caption className="sr-only">{t("api.tableLabel")}</caption>
        <thead>
          <tr className="border-b border-border">
            <th scope="col" className="py-2 pr-4">
              {t("api.method")}
            </th>
            <th scope="col" className="py-2 pr-4">
              {t("api.path")}
            </th>
            <th scope="col" className="py-2 pr-4">
              {t("api.summary")}
            </th>
            <th scope="col" className="py-2">
              {t("api.access")}
            </th>
          </tr>
        </thead>
        <tbody>
          {endpoints.map((e) => (
            <tr key={`${e.method} ${e.path}`} className="border-b border-border align-top" data-endpoint={`${e.method} ${e.path}`}>
              <td className="py-2 pr-4">
                <code className="font-mono text-xs font-semibold">{e.method}</code>
              </td>
              <th scope="row" className="py-2 pr-4 font-normal">
                <code className="break-all font-mono text-xs">{e.path}</code>
              </th>
              {/* The document's own words, in English: they are written beside the code. */}
              <td className="py-2 pr-4" lang={lang === "en" ? undefined : "en"}>
                {e.summary}
              </td>
              <td className="whitespace-nowrap py-2">{t(`api.who.${e.access}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
