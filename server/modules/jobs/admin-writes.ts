import { DomainError } from "#server/modules/errors";
import type { Logger } from "#server/platform/logger";

type FailureCode =
  "jobs.offer_create_failed" | "jobs.offer_update_failed" | "jobs.application_update_failed" | "jobs.application_delete_failed";

/**
 * Runs an admin's write: a refusal (a DomainError) passes through; anything else the database threw becomes the
 * admin's translated add, update or delete failure (SPEC §8), and the cause goes to the log.
 */
export async function adminWrite<T>(log: Logger, code: FailureCode, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof DomainError) throw err;
    log.error("jobs admin write failed", { err, code });
    throw new DomainError(code);
  }
}
