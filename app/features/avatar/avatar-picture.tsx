/**
 * A rendered avatar: the WebP for browsers that take it, the PNG otherwise, at a fixed size so nothing moves
 * when it arrives.
 */
export function AvatarPicture({ webpUrl, pngUrl, alt, size }: { webpUrl: string | null; pngUrl: string; alt: string; size: number }) {
  return (
    <picture>
      {webpUrl ? <source srcSet={webpUrl} type="image/webp" /> : null}
      <img src={pngUrl} alt={alt} width={size} height={size} className="rounded-xl border border-border bg-muted" />
    </picture>
  );
}
