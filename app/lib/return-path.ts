/** Only same-site paths are followed after sign-in or a form post (no open redirects). */
export function safeReturnPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\") || [...value].some((ch) => ch.charCodeAt(0) < 32 || ch === "\\")) {
    return fallback;
  }
  return value.slice(0, 2048);
}
