import { isSiteEventType } from "#shared/analytics";
import { trackEvent } from "./analytics-client";

/**
 * The site's click events (shared/analytics.ts `SITE_EVENT_TYPES`): a click on an element carrying
 * `data-track-event="<type>"` counts that event, with `data-track-id` as its element id and
 * `data-track-detail` in its metadata (`{ detail }`). One delegated listener for the whole document, in the
 * capture phase (before a link navigates away), through `trackEvent`: only with analytics on and consented.
 * A type that is not listed is ignored here, as the server would refuse it.
 */
export function installTrackedClicks(): () => void {
  const onClick = (e: MouseEvent) => {
    const target = e.target instanceof Element ? e.target.closest<HTMLElement>("[data-track-event]") : null;
    const eventType = target?.dataset.trackEvent;
    if (!target || !isSiteEventType(eventType)) return;
    const detail = target.dataset.trackDetail?.slice(0, 512);
    trackEvent({
      eventType,
      elementId: target.dataset.trackId?.slice(0, 128) || undefined,
      metadata: detail ? { detail } : undefined,
    });
  };
  document.addEventListener("click", onClick, true);
  return () => document.removeEventListener("click", onClick, true);
}
