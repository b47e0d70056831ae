import { useTranslation } from "react-i18next";
import { YouTubeFacade } from "#app/components/ui/youtube-facade";

/**
 * A game's YouTube trailer behind the click-to-load facade (`YouTubeFacade`): a screenshot as its poster,
 * nothing from YouTube before the click.
 */
export function TrailerFacade({ videoId, gameName, posterUrl }: { videoId: string; gameName: string; posterUrl: string }) {
  const { t } = useTranslation("featured");
  return (
    <YouTubeFacade
      videoId={videoId}
      posterUrl={posterUrl}
      playLabel={t("game.playTrailer", { game: gameName })}
      frameTitle={t("game.trailerTitle", { game: gameName })}
      data={{ "data-game-event": "trailer_click" }}
    />
  );
}
