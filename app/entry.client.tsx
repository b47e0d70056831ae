import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { createClientI18n } from "./i18n/client";
import type { I18nBoot } from "#shared/i18n-assets";
import { BootContext } from "./lib/boot";

async function hydrate() {
  const payload = document.getElementById("i18n-boot")?.textContent ?? "{}";
  const boot = JSON.parse(payload) as I18nBoot;
  const i18n = await createClientI18n(boot, { reportMissing: boot.reportMissing === true });
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <BootContext.Provider value={{ nonce: "", i18nPayload: payload }}>
          <I18nextProvider i18n={i18n}>
            <HydratedRouter />
          </I18nextProvider>
        </BootContext.Provider>
      </StrictMode>,
    );
  });
}

void hydrate();
