import { avatarInitial } from "#app/components/layout/nav";

/** SPEC §9: mini-avatar 40 px by default, falling back to the first letter. Decorative when labelled nearby. */
export function MiniAvatar({
  url,
  username,
  email,
  size = 40,
}: {
  url?: string | null;
  username?: string | null;
  email?: string | null;
  size?: number;
}) {
  const style = { width: size, height: size };
  if (url) return <img src={url} alt="" width={size} height={size} style={style} className="rounded-full object-cover" />;
  return (
    <span
      aria-hidden="true"
      style={{ ...style, fontSize: size * 0.45 }}
      className="inline-flex items-center justify-center rounded-full bg-primary font-bold text-primary-foreground"
    >
      {avatarInitial(username, email)}
    </span>
  );
}
