import { CONSENT_EVENT, type Consent } from "#shared/preferences";

/** SPEC §2: `analytics-consent-changed` with `granted` on load, on accept and on save. */
export function announceConsent(consent: Consent | null) {
  window.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: { granted: consent?.analytics === true } }));
}

export async function saveConsent(analytics: boolean): Promise<Consent> {
  const res = await fetch("/api/v1/site/consent", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ analytics }),
  });
  if (!res.ok) throw new Error(`consent not saved: ${res.status}`);
  return ((await res.json()) as { consent: Consent }).consent;
}
