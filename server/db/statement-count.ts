import { AsyncLocalStorage } from "node:async_hooks";
import type { Logger as DrizzleLogger } from "drizzle-orm/logger";

/**
 * Counts the SQL statements drizzle sends while a piece of work runs (the benchmark reports how many one
 * thread page needs). Outside `countStatements` it costs one AsyncLocalStorage lookup per statement.
 */
const current = new AsyncLocalStorage<{ statements: number }>();

export const statementCounter: DrizzleLogger = {
  logQuery() {
    const store = current.getStore();
    if (store) store.statements++;
  },
};

export async function countStatements<T>(work: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const store = { statements: 0 };
  const result = await current.run(store, work);
  return { result, statements: store.statements };
}
