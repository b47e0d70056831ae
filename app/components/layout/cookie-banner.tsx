import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { toast } from "#app/components/ui/toast";
import { announceConsent, saveConsent } from "#app/lib/consent-client";
import type { Consent } from "#shared/preferences";
import { useLocalePath } from "#app/lib/use-locale";

export const PREFERENCES_PARAM = "cookies";

/**
 * SPEC §2 cookie banner: shown while no consent cookie exists; "Accept all" and, with the same weight beside
 * it, "Only essential" (refusing takes one click, as accepting does); "Customize" with a locked
 * essentials switch, an analytics switch (off by default) and save. Plain forms underneath, so it works
 * before JavaScript; the footer's "Cookie preferences" link (?cookies=preferences) reopens it.
 */
export function CookieBanner({ consent, onChange }: { consent: Consent | null; onChange: (c: Consent) => void }) {
  const { t } = useTranslation();
  const { to } = useLocalePath();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const reopened = params.get(PREFERENCES_PARAM) === "preferences";
  const [customizing, setCustomizing] = useState(reopened);
  const [analytics, setAnalytics] = useState(consent?.analytics ?? false);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const returnTo = location.pathname + location.search;
  const ref = useBannerHeight();

  useEffect(() => {
    if (reopened) {
      setCustomizing(true);
      setAnalytics(consent?.analytics ?? false);
    }
  }, [reopened, consent]);

  if (consent && !reopened) return null;

  async function submit(e: React.FormEvent<HTMLFormElement>, value: boolean) {
    e.preventDefault();
    setBusy(true);
    try {
      const saved = await saveConsent(value);
      onChange(saved);
      announceConsent(saved);
      if (reopened) {
        const next = new URLSearchParams(params);
        next.delete(PREFERENCES_PARAM);
        navigate({ pathname: location.pathname, search: next.toString() }, { replace: true, preventScrollReset: true });
        toast({ title: t("consent.saved"), variant: "success" });
      }
    } catch {
      toast({ title: t("errors:network"), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section id="cookie-banner" ref={ref} role="region" aria-labelledby={titleId} className="fixed inset-x-0 bottom-0 z-50 p-3 sm:p-4">
      <div className="card mx-auto max-w-3xl p-5 shadow-2xl">
        <h2 id={titleId} className="text-lg font-bold">
          {t("consent.title")}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          {t("consent.text")}{" "}
          <Link to={to("/cookie-policy")} className="link">
            {t("consent.policyLink")}
          </Link>
        </p>
        {customizing ? (
          <form method="post" action="/api/v1/site/consent" onSubmit={(e) => submit(e, analytics)} className="mt-4 space-y-3">
            <input type="hidden" name="returnTo" value={returnTo} />
            <SwitchRow id="consent-essentials" label={t("consent.essentials")} help={t("consent.essentialsHelp")} checked disabled />
            <SwitchRow
              id="consent-analytics"
              name="analytics"
              label={t("consent.analytics")}
              help={t("consent.analyticsHelp")}
              checked={analytics}
              onChange={setAnalytics}
            />
            <div className="flex justify-end">
              <button type="submit" className="btn btn-primary" disabled={busy}>
                {t("consent.save")}
              </button>
            </div>
          </form>
        ) : (
          // On a phone the refusal and the acceptance share the first row, at the same width; "Customize" below.
          <div className="mt-4 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:justify-end">
            <a
              href={`${location.pathname}?${PREFERENCES_PARAM}=preferences`}
              className="btn btn-outline order-last col-span-2 sm:order-none"
              onClick={(e) => {
                e.preventDefault();
                setCustomizing(true);
              }}
            >
              {t("consent.customize")}
            </a>
            {/* Refusing is as easy as accepting (AEPD, EDPB): the same button, beside it, in one click. */}
            <form method="post" action="/api/v1/site/consent" onSubmit={(e) => submit(e, false)}>
              <input type="hidden" name="returnTo" value={returnTo} />
              <input type="hidden" name="choice" value="essential" />
              <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={busy}>
                {t("consent.onlyEssential")}
              </button>
            </form>
            <form method="post" action="/api/v1/site/consent" onSubmit={(e) => submit(e, true)}>
              <input type="hidden" name="returnTo" value={returnTo} />
              <input type="hidden" name="choice" value="all" />
              <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={busy}>
                {t("consent.acceptAll")}
              </button>
            </form>
          </div>
        )}
      </div>
    </section>
  );
}

/** Keeps the page's bottom scroll padding equal to the banner's height (the CSS fallback is 18rem). */
function useBannerHeight() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement;
    const update = () => root.style.setProperty("--overlay-bottom", `${el.offsetHeight + 16}px`);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--overlay-bottom");
    };
  });
  return ref;
}

function SwitchRow(props: {
  id: string;
  name?: string;
  label: string;
  help: string;
  checked: boolean;
  disabled?: boolean;
  onChange?: (v: boolean) => void;
}) {
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border border-border p-3">
      <div>
        <label htmlFor={props.id} className="font-medium">
          {props.label}
        </label>
        <p id={`${props.id}-help`} className="text-sm text-muted-foreground">
          {props.help}
        </p>
      </div>
      <input
        id={props.id}
        name={props.name}
        type="checkbox"
        role="switch"
        className="switch"
        aria-describedby={`${props.id}-help`}
        checked={props.checked}
        disabled={props.disabled}
        aria-checked={props.checked}
        onChange={(e) => props.onChange?.(e.target.checked)}
      />
    </div>
  );
}
