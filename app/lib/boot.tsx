import { createContext, useContext } from "react";

/**
 * Per-request values the document needs: the CSP nonce, the boot JSON naming the translation files the page
 * hydrates with, and those files' addresses (preloaded from <head>), and the HTML fragments kept out of the
 * hydration data (components/ui/html-once.tsx). The last two exist in the server render only.
 */
export type Boot = { nonce: string; i18nPayload: string; i18nPreload?: string[]; htmlOnce?: Map<string, string> | null };
export const BootContext = createContext<Boot>({ nonce: "", i18nPayload: "{}" });
export const useBoot = () => useContext(BootContext);

/** JSON that is safe inside a <script> element. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
