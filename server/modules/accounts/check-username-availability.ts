import { z } from "zod";
import type { Actor } from "./actor";
import type { AccountsDeps } from "./deps";
import { parseInput } from "./deps";
import { assertSignedIn } from "./policy";
import { usernameProblem, usernameTaken, type UsernameProblem } from "./username";

const input = z.object({ username: z.string().trim().max(100) });

export type UsernameAvailability = { available: boolean; problem?: UsernameProblem | "accounts.username_taken" };

/** Whether the signed-in person could take this username now (their own current name counts as available). */
export async function checkUsernameAvailability(deps: Pick<AccountsDeps, "db">, actor: Actor, raw: unknown): Promise<UsernameAvailability> {
  assertSignedIn(actor);
  const { username } = parseInput(input, raw);
  const problem = usernameProblem(username);
  if (problem) return { available: false, problem };
  if (await usernameTaken(deps.db, username, actor.userId)) return { available: false, problem: "accounts.username_taken" };
  return { available: true };
}
