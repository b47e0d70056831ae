/**
 * Profile rules shared by the account pages and the domain operations (the authority), without zod so the
 * browser bundle stays small.
 */
export const BIO_MAX = 500;
export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;
export const AVATAR_ACCEPT = "image/png,image/jpeg,image/webp";

export const SOCIAL_SITES = ["youtube", "twitch", "x", "instagram", "tiktok", "website"] as const;
export type SocialSite = (typeof SOCIAL_SITES)[number];

/** The hosts a link of each site may point to (and their subdomains); `null`: any https host. */
export const SOCIAL_HOSTS: Record<SocialSite, string[] | null> = {
  youtube: ["youtube.com", "youtu.be"],
  twitch: ["twitch.tv"],
  x: ["x.com", "twitter.com"],
  instagram: ["instagram.com"],
  tiktok: ["tiktok.com"],
  website: null,
};

/** True when `value` is an https URL on the site's host (an empty value means "no link"). */
export function isValidSocialLink(site: SocialSite, value: string): boolean {
  if (value.length > 300) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" || url.username || url.password || !url.hostname.includes(".")) return false;
  const hosts = SOCIAL_HOSTS[site];
  if (!hosts) return true;
  const host = url.hostname.toLowerCase();
  return hosts.some((h) => host === h || host.endsWith(`.${h}`));
}
