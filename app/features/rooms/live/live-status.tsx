import { useTranslation } from "react-i18next";
import { useRoomLive } from "./room-live";

/**
 * The room's connection and who is in it now, for the page's header: a polite live region, so a screen reader
 * hears "Live" or "Offline, reconnecting" and arrivals without losing its place. The state is told in words
 * and a dot's shape, not by colour alone.
 */
export function LiveStatus({ className = "" }: { className?: string }) {
  const { t } = useTranslation("rooms-docs");
  const live = useRoomLive();
  const state = live.ended ? "ended" : live.status;
  const names = live.present.map((p) => t("live.person", { name: p.name, role: t(`live.role.${p.role}`) }));
  return (
    <div role="status" aria-live="polite" className={`flex flex-wrap items-center gap-x-3 gap-y-1 text-sm ${className}`}>
      <span className="inline-flex items-center gap-1.5 font-semibold">
        <span
          aria-hidden="true"
          className={
            state === "live"
              ? "inline-block size-2.5 rounded-full bg-success"
              : "inline-block size-2.5 rounded-full border-2 border-muted-foreground"
          }
        />
        {t(`live.status.${state}`)}
      </span>
      {names.length ? (
        <span className="text-muted-foreground">{t("live.present", { count: names.length, names: names.join(", ") })}</span>
      ) : null}
    </div>
  );
}
