/** better-auth's cookies, expired in their plain and __Secure- forms (invalid sessions, deleted accounts). */
const AUTH_COOKIES = ["better-auth.session_token", "better-auth.session_data", "better-auth.dont_remember"];

export function expiredSessionCookies(): Headers {
  const headers = new Headers();
  for (const name of AUTH_COOKIES) {
    headers.append("Set-Cookie", `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
    headers.append("Set-Cookie", `__Secure-${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure`);
  }
  return headers;
}
