import { z } from "zod";
import type { Actor } from "./actor";
import type { AccountsDeps } from "./deps";
import { parseInput } from "./deps";
import { assertSignedIn } from "./policy";
import { usernameRefusal, type UsernameRefusal } from "./username";

const input = z.object({ username: z.string().trim().max(100) });

export type UsernameAvailability = { available: boolean; problem?: UsernameRefusal };

/** Whether the signed-in person could take this username now (their own current name counts as available). */
export async function checkUsernameAvailability(deps: Pick<AccountsDeps, "db">, actor: Actor, raw: unknown): Promise<UsernameAvailability> {
  assertSignedIn(actor);
  const { username } = parseInput(input, raw);
  const problem = await usernameRefusal(deps.db, username, actor.userId);
  return problem ? { available: false, problem } : { available: true };
}
