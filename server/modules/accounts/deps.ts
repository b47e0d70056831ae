import type { Database } from "../../db/client";
import type { Auth } from "../../platform/auth";
import type { Logger } from "../../platform/logger";
import type { Storage } from "../../platform/storage";
import { DomainError } from "../errors";

/** What the account operations need; each operation takes the part it uses. */
export type AccountsDeps = { db: Database; storage: Storage; auth: Auth; log: Logger };

/** Parses an operation's input, or refuses it with `input.invalid` and the issues. */
export function parseInput<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: unknown[] } } }, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new DomainError("input.invalid", { issues: parsed.error.issues });
  return parsed.data;
}
