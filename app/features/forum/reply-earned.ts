import type { TFunction } from "i18next";
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { queueToast, toast, type ToastInput } from "#app/components/ui/toast";
import { gamificationToast } from "#app/features/gamification/live-toast";
import type { Locale } from "#shared/locales";

/** What a reply earned, as its redirect put it in the query (`repliedPath`). */
export type Replied = { xp: number; levelUp: { level: number; statPoints: number } | null };

/**
 * `?replied=<number>&xp=…`: the reply's author just posted it (the reply's redirect). Said once, to them: the
 * post must be on this page and theirs; anything else in the query is ignored.
 */
export function repliedFrom(
  q: URLSearchParams,
  posts: { number: number; author: { id: string } | null }[],
  viewerId: string | undefined,
): Replied | null {
  const number = Number(q.get("replied"));
  if (!viewerId || !posts.some((p) => p.number === number && p.author?.id === viewerId)) return null;
  const whole = (name: string, max: number) => {
    const n = Number(q.get(name));
    return Number.isInteger(n) && n > 0 && n <= max ? n : 0;
  };
  const level = whole("level", 100_000);
  return { xp: whole("xp", 100_000), levelUp: level ? { level, statPoints: whole("points", 100_000) } : null };
}

/** The reply's confirmation ("+5 XP" when it earned XP) and, when it reached a new level, the level's own toast. */
export function repliedMessages(t: TFunction, locale: Locale, replied: Replied): { reply: ToastInput; levelUp: ToastInput | null } {
  return {
    reply: {
      title: replied.xp > 0 ? t("thread.repliedXp", { count: replied.xp }) : t("thread.replied"),
      variant: "success",
    },
    levelUp: replied.levelUp
      ? gamificationToast(t, locale, {
          kind: "level_up",
          level: replied.levelUp.level,
          statPoints: replied.levelUp.statPoints,
        })
      : null,
  };
}

/**
 * After a reply (`?replied=…`): its toast, then the level's (told once: the live channel may have said it
 * already), then the address without the query, so a reload says nothing.
 */
export function useRepliedToasts(messages: { reply: ToastInput; levelUp: ToastInput | null } | null) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!messages) return;
    toast(messages.reply);
    if (messages.levelUp) queueToast(messages.levelUp);
    const params = new URLSearchParams(location.search);
    for (const name of ["replied", "xp", "level", "points"]) params.delete(name);
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash },
      { replace: true, preventScrollReset: true },
    );
    // Once per reply: the messages are made anew on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [messages?.reply.title, messages?.levelUp?.title]);
}
