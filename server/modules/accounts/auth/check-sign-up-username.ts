import { z } from "zod";
import type { UsernameAvailability } from "#server/modules/accounts/check-username-availability";
import { usernameRefusal } from "#server/modules/accounts/username";
import { parseInput } from "#server/modules/validate";
import type { AuthOpDeps } from "./deps";

const input = z.object({ username: z.string().trim().max(100) });

/**
 * The registration form says, while the person types, whether a username can be chosen. Open to
 * anyone: which usernames exist is public already (every profile is at /u/{username}).
 */
export async function checkSignUpUsername(deps: Pick<AuthOpDeps, "db">, raw: unknown): Promise<UsernameAvailability> {
  const { username } = parseInput(input, raw);
  const problem = await usernameRefusal(deps.db, username);
  return problem ? { available: false, problem } : { available: true };
}
