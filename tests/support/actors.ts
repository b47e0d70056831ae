import type { Actor } from "#server/modules/accounts/actor";

/** An Actor built by hand, for domain-operation tests that do not need a session. */
export function testActor(over: Partial<NonNullable<Actor>> = {}): NonNullable<Actor> {
  return {
    userId: over.userId ?? `u-${Math.random().toString(36).slice(2)}`,
    email: "someone@example.test",
    emailVerified: true,
    username: "someone",
    avatarUrl: null,
    profileRole: "creator",
    roles: [],
    company: null,
    sessionId: null,
    ...over,
  };
}
