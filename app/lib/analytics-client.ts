/** Browser side of SPEC §4 analytics: visitor id, device type, page views and events. */
export const VISITOR_ID_KEY = "visitorId";

export function visitorId(): string {
  let id = localStorage.getItem(VISITOR_ID_KEY);
  if (!id || !/^[0-9a-f-]{36}$/i.test(id)) {
    id = crypto.randomUUID();
    localStorage.setItem(VISITOR_ID_KEY, id);
  }
  return id;
}

export function deviceType(): "mobile" | "tablet" | "desktop" {
  const ua = navigator.userAgent;
  if (/iPad|Tablet|PlayBook|Silk|(Android(?!.*Mobile))/i.test(ua)) return "tablet";
  if (/Mobi|iPhone|iPod|Android.*Mobile|Windows Phone/i.test(ua)) return "mobile";
  return "desktop";
}

const post = (url: string, body: unknown) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), keepalive: true }).catch(
    () => undefined,
  );

/**
 * Pages never counted, nor named as another page's referrer: episode rooms (private to their host and guest,
 * their addresses hold a room's id and, on the guest access page, an invitation's token).
 */
const UNTRACKED = /^(?:\/(?:es|en))?\/episode-panel(?:\/|$)/;
export const isUntrackedPath = (path: string) => UNTRACKED.test(path);

export function sendPageview(path: string, referrer: string) {
  if (isUntrackedPath(path)) return Promise.resolve(undefined);
  if (referrer && isUntrackedPath(referrerPath(referrer))) referrer = "";
  return post("/api/v1/analytics/pageview", {
    pagePath: path,
    visitorId: visitorId(),
    deviceType: deviceType(),
    referrer: referrer || "direct",
  });
}

function referrerPath(referrer: string): string {
  try {
    const url = new URL(referrer, window.location.origin);
    return url.origin === window.location.origin ? url.pathname : "";
  } catch {
    return "";
  }
}

let enabled = false;
export const setAnalyticsActive = (on: boolean) => {
  enabled = on;
};

/** Records an event when analytics is on and consented; a no-op otherwise. */
export function trackEvent(e: {
  eventType: string;
  gameId?: string;
  elementId?: string;
  metadata?: Record<string, string | number | boolean | null>;
}) {
  if (!enabled || isUntrackedPath(window.location.pathname)) return;
  void post("/api/v1/analytics/event", { ...e, pagePath: window.location.pathname, visitorId: visitorId() });
}
