/**
 * A channel's identity: one key for every way of writing the same channel's address, so that
 * a channel can be declared by one account only (`creator_channels_key_idx`). The key ignores the scheme
 * (http/https), the case (of ASCII letters), `www.` and `m.` hosts, a port, the query string, the fragment, trailing slashes and a
 * tab of the channel (`/@x/videos`), and reads YouTube's `/c/x`, `/user/x` and `/@x` as the same handle.
 *
 * Migration 0013 computes the same key in SQL for the rows that existed before it; the two are kept equal by
 * `channel-key.db.test.ts`. Change both together.
 *
 * - YouTube (`youtube.com`): `youtube:@handle` (lower case), or `youtube:channel/<id>` (a channel id keeps its
 *   case: ids are case-sensitive).
 * - Twitch (`twitch.tv`): `twitch:<name>`; TikTok (`tiktok.com`): `tiktok:<@name>`; both lower case.
 * - Any other site: `web:<host>/<path>` in lower case.
 */
export function channelKey(url: string): string | null {
  const m = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)([^?#]*)/i.exec(url.trim());
  if (!m) return null;
  const host = lower(m[1])
    .replace(/^.*@/, "")
    .replace(/:\d*$/, "")
    .replace(/\.$/, "")
    .replace(/^(?:(?:www|m)\.)+/, "");
  if (!host) return null;
  const path = m[2].replace(/\/{2,}/g, "/").replace(/^\/+|\/+$/g, "");
  const first = path.split("/")[0] ?? "";
  if (host === "youtube.com") {
    const id = /^channel\/([^/]+)/.exec(path);
    if (id) return `youtube:channel/${id[1]}`;
    const handle = /^(?:@|c\/|user\/)([^/]+)/i.exec(path);
    if (handle) return `youtube:@${lower(handle[1])}`;
    return `youtube:${lower(path)}`;
  }
  if (host === "twitch.tv") return `twitch:${lower(first)}`;
  if (host === "tiktok.com") return `tiktok:${lower(first)}`;
  return `web:${path ? `${host}/${lower(path)}` : host}`;
}

/** A–Z to a–z only, as the migration's `translate()` does whatever the database's locale. */
const lower = (s: string) => s.replace(/[A-Z]+/g, (c) => c.toLowerCase());

/** The path of a YouTube channel's public page for its key (`/@handle`, `/channel/<id>`), or null for other sites. */
export function youtubeChannelPath(key: string): string | null {
  const m = /^youtube:(@[^/]+|channel\/[^/]+)$/.exec(key);
  return m ? `/${m[1]}` : null;
}
