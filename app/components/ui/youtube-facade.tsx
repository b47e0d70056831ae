import { useState } from "react";

/**
 * A YouTube video as a facade: our own picture (served by the site, /media/…) with a play button, and nothing
 * from YouTube — not even a thumbnail — is loaded until the visitor clicks; then the player
 * (youtube-nocookie.com) takes its place and starts. Before JavaScript the button is a plain link to the video.
 * `data` goes on the play link (analytics hooks such as `data-track-event`); the labels are the caller's words.
 */
export function YouTubeFacade({
  videoId,
  posterUrl,
  playLabel,
  frameTitle,
  data,
  priority = false,
}: {
  videoId: string;
  posterUrl: string;
  /** What the play button says to a screen reader ("Play the trailer of …"). */
  playLabel: string;
  /** The player's title once it loads. */
  frameTitle: string;
  data?: Record<`data-${string}`, string>;
  priority?: boolean;
}) {
  const [playing, setPlaying] = useState(false);
  if (playing)
    return (
      <div className="trailer-frame">
        <iframe
          src={`https://www.youtube-nocookie.com/embed/${videoId}?autoplay=1&rel=0`}
          title={frameTitle}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          className="absolute inset-0 h-full w-full border-0"
        />
      </div>
    );
  return (
    <a
      href={`https://www.youtube.com/watch?v=${videoId}`}
      className="trailer-frame group block"
      {...data}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        setPlaying(true);
      }}
    >
      <img
        src={posterUrl}
        alt=""
        width={320}
        height={180}
        loading={priority ? undefined : "lazy"}
        decoding="async"
        className="absolute inset-0 h-full w-full object-cover"
      />
      <span className="trailer-play" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="28" height="28" fill="currentColor">
          <path d="M8 5v14l11-7z" />
        </svg>
      </span>
      <span className="sr-only">{playLabel}</span>
    </a>
  );
}
