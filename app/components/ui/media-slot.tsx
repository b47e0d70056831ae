/**
 * The 16:9 image of a game or a campaign: the picture covers the slot (object-fit: cover,
 * so any upload fills it without distortion); without a picture, the themed placeholder. Its size is reserved
 * before the picture loads (no layout shift). Decorative unless `alt` is given: the card's title names it.
 */
export function MediaSlot({
  src,
  alt = "",
  width = 640,
  priority = false,
  className = "",
}: {
  src?: string | null;
  alt?: string;
  /** The picture's intrinsic width (its height follows 16:9). */
  width?: number;
  /** The page's main picture (above the fold): loaded at once instead of lazily. */
  priority?: boolean;
  className?: string;
}) {
  const height = Math.round((width * 9) / 16);
  return (
    <span className={`media-slot ${className}`} data-empty={src ? undefined : "true"}>
      {src ? (
        <img src={src} alt={alt} width={width} height={height} loading={priority ? undefined : "lazy"} decoding="async" />
      ) : (
        <span className="media-slot-placeholder">
          <img src="/images/media-placeholder.svg" alt="" width={160} height={90} loading="lazy" className="h-3/5 w-auto" />
        </span>
      )}
    </span>
  );
}
