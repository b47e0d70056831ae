import { createContext, useContext } from "react";
import type { TFunction } from "i18next";

/**
 * The thread page's `t` (namespace forum), shared with the components repeated for every post. Each
 * useTranslation call costs a copy of the i18next instance and a fixed t per component: with 20 posts and a
 * few controls each, that was a tenth of the page's server render time.
 */
const ForumT = createContext<TFunction<"forum"> | null>(null);

export const ForumTProvider = ForumT.Provider;

export function useForumT(): TFunction<"forum"> {
  const t = useContext(ForumT);
  if (!t) throw new Error("useForumT is for components inside the thread page's ForumTProvider");
  return t;
}
