import { createContext, useContext } from "react";

/** Per-request values the document needs: the CSP nonce and the translations the page hydrates with. */
export type Boot = { nonce: string; i18nPayload: string };
export const BootContext = createContext<Boot>({ nonce: "", i18nPayload: "{}" });
export const useBoot = () => useContext(BootContext);

/** JSON that is safe inside a <script> element. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
