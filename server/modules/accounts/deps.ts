import type { Database } from "#server/db/client";
import type { Auth } from "#server/platform/auth";
import type { Logger } from "#server/platform/logger";
import type { Storage } from "#server/platform/storage";

/** What the account operations need; each operation takes the part it uses. */
export type AccountsDeps = { db: Database; storage: Storage; auth: Auth; log: Logger };

/** Parses an operation's input, or refuses it with `input.invalid` and one message key per field. */
export { parseInput } from "#server/modules/validate";
