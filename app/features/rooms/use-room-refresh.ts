import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { useRoomLive } from "./live/room-live";

/** Reloads the page's data when the room's live channel says one of these changed (a new message, a link, a file). */
export function useRoomRefresh(types: readonly string[]) {
  const live = useRoomLive();
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  const key = types.join(",");
  useEffect(() => {
    const stops = key.split(",").map((type) =>
      // Always: a reload already under way may have read the data before this change (a new one replaces it).
      live.on(type, () => void latest.current.revalidate()),
    );
    return () => stops.forEach((stop) => stop());
  }, [live, key]);
}
