import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "#app/components/ui/icon";

/**
 * A game's screenshots: a row that scrolls sideways with snap points on a phone, a grid from the small
 * breakpoint up. Each is a link to the picture itself, so it opens large before any script; once hydrated it
 * opens in a modal <dialog> instead (Escape or the close button closes it, focus goes back to the thumbnail,
 * the arrows go to the previous and next screenshot).
 */
export function ScreenshotGallery({ shots, gameName }: { shots: string[]; gameName: string }) {
  const { t } = useTranslation("featured");
  const dialog = useRef<HTMLDialogElement>(null);
  const [current, setCurrent] = useState(0);
  const alt = (i: number) => t("game.screenshotAlt", { game: gameName, n: i + 1, total: shots.length });
  const go = (i: number) => setCurrent((i + shots.length) % shots.length);
  return (
    <>
      <ul className="gallery" aria-labelledby="shots-heading">
        {shots.map((src, i) => (
          <li key={src} className="gallery-item">
            <a
              href={src}
              className="gallery-link"
              onClick={(e) => {
                if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0 || !dialog.current) return;
                e.preventDefault();
                setCurrent(i);
                dialog.current.showModal();
              }}
            >
              <img src={src} alt={alt(i)} width={640} height={360} loading="lazy" decoding="async" />
            </a>
          </li>
        ))}
      </ul>
      <dialog
        ref={dialog}
        className="lightbox"
        aria-label={alt(current)}
        onKeyDown={(e) => {
          if (e.key === "ArrowRight") go(current + 1);
          else if (e.key === "ArrowLeft") go(current - 1);
        }}
        onClick={(e) => {
          // A click on the backdrop (the dialog itself, outside the picture) closes it.
          if (e.target === e.currentTarget) e.currentTarget.close();
        }}
      >
        <img src={shots[current]} alt={alt(current)} width={1280} height={720} className="lightbox-image" />
        <div className="lightbox-bar">
          {shots.length > 1 ? (
            <button type="button" className="btn btn-outline btn-sm" onClick={() => go(current - 1)}>
              <Icon name="arrow-left" size={16} />
              {t("game.previousShot")}
            </button>
          ) : null}
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t("game.shotPosition", { n: current + 1, total: shots.length })}
          </p>
          {shots.length > 1 ? (
            <button type="button" className="btn btn-outline btn-sm" onClick={() => go(current + 1)}>
              {t("game.nextShot")}
              <Icon name="arrow-right" size={16} />
            </button>
          ) : null}
          <button type="button" className="btn btn-primary btn-sm" autoFocus onClick={() => dialog.current?.close()}>
            {t("ui.dialog.close", { ns: "common" })}
          </button>
        </div>
      </dialog>
    </>
  );
}
