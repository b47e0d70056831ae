import { GAME_EVENT_TYPES, type GameEventType } from "#shared/promotions";
import { trackEvent } from "./analytics-client";

/**
 * Featured games' analytics in the browser: a page whose root carries `data-game-id` counts a
 * `game_view`, and a click on an element with `data-game-event` (store link, trailer play button, campaign
 * links) counts that event for the game. Through `trackEvent`, so only with analytics on and consented; the
 * request is a keepalive fetch, so a click that leaves the page is still counted.
 */
const isGameEvent = (v: string | undefined): v is Exclude<GameEventType, "game_view"> =>
  !!v && v !== "game_view" && (GAME_EVENT_TYPES as readonly string[]).includes(v);

/** A game's own page, /games/{slug} in any language (lists carry `data-game-id` on their cards too). */
const GAME_PAGE = /^(?:\/(?:es|en))?\/games\/[^/]+\/?$/;

/** After a page view: a game page counts a view of its game. */
export function trackGameView() {
  if (!GAME_PAGE.test(window.location.pathname)) return;
  const gameId = document.querySelector<HTMLElement>("main [data-game-id]")?.dataset.gameId;
  if (gameId) trackEvent({ eventType: "game_view", gameId });
}

/** One delegated listener for the whole document (capture phase: before a link navigates away). */
export function installGameClicks(): () => void {
  const onClick = (e: MouseEvent) => {
    const target = e.target instanceof Element ? e.target.closest<HTMLElement>("[data-game-event]") : null;
    const eventType = target?.dataset.gameEvent;
    if (!target || !isGameEvent(eventType)) return;
    const gameId = target.closest<HTMLElement>("[data-game-id]")?.dataset.gameId;
    if (gameId) trackEvent({ eventType, gameId, elementId: target.id || undefined });
  };
  document.addEventListener("click", onClick, true);
  return () => document.removeEventListener("click", onClick, true);
}
