import { eq } from "drizzle-orm";
import { z } from "zod";
import { sessions } from "#server/db/schema";
import { DomainError } from "#server/modules/errors";
import type { Actor } from "./actor";
import { authCall, type AuthRequest } from "./auth-call";
import { parseInput, type AccountsDeps } from "./deps";
import { assertSignedIn } from "./policy";

const input = z.object({ sessionId: z.string().min(1).max(200) });

/**
 * Signs out one of the person's own sessions, named by its id (tokens never reach the page). Someone else's
 * session is refused. Revoking the current session also expires its cookie (see the returned headers).
 */
export async function revokeSession(deps: Pick<AccountsDeps, "db" | "auth">, actor: Actor, raw: unknown, req: AuthRequest) {
  assertSignedIn(actor);
  const { sessionId } = parseInput(input, raw);
  const [row] = await deps.db
    .select({ userId: sessions.userId, token: sessions.token })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  if (!row) throw new DomainError("not_found");
  if (row.userId !== actor.userId) throw new DomainError("auth.forbidden");
  const { headers } = await authCall(() =>
    deps.auth.api.revokeSession({ headers: req.headers, body: { token: row.token }, returnHeaders: true }),
  );
  return { headers, current: sessionId === actor.sessionId };
}
