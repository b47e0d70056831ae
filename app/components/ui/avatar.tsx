import { avatarInitial } from "#app/components/layout/nav";

/** The sizes app.css draws with a class (`.av20` … `.av44`); the img's height attribute alone would yield to `height: auto`. */
const AVATAR_SIZES = new Set([20, 24, 28, 32, 36, 40, 44]);

/** The address of a member's generated avatar (server/http/avatars.ts draws it from the id). */
export const generatedAvatarUrl = (userId: string) => `/avatars/${encodeURIComponent(userId)}.svg`;

/**
 * SPEC §9: the mini-avatar, 40 px by default. The uploaded picture if there is one, else the
 * member's generated avatar (deterministic from `userId`, drawn by the server), else — only where no id is
 * known — the first letter. Decorative (empty alt): the name is always written beside it or labels its link.
 */
export function MiniAvatar({
  url,
  userId,
  username,
  email,
  size = 40,
  className = "",
}: {
  url?: string | null;
  userId?: string | null;
  username?: string | null;
  email?: string | null;
  size?: number;
  className?: string;
}) {
  const style = { width: size, height: size };
  const src = url || (userId ? generatedAvatarUrl(userId) : null);
  if (src) {
    // The usual sizes are a class of app.css (`.av40`), not an inline style: twenty-odd avatars a page.
    const sized = AVATAR_SIZES.has(size);
    const classes = ["avatar", sized ? `av${size}` : null, className].filter(Boolean).join(" ");
    return (
      <img
        src={src}
        alt=""
        width={size}
        height={size}
        style={sized ? undefined : style}
        loading={size >= 96 ? undefined : "lazy"}
        decoding="async"
        className={classes}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      style={{ ...style, fontSize: size * 0.45 }}
      className={["inline-flex shrink-0 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground", className]
        .filter(Boolean)
        .join(" ")}
    >
      {avatarInitial(username, email)}
    </span>
  );
}
