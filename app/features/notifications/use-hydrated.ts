import { useSyncExternalStore } from "react";

const noSubscribe = () => () => undefined;

/** False on the server and while hydrating, true once the page runs its JavaScript. */
export const useHydrated = () =>
  useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
