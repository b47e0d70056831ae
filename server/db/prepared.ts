import type { Database } from "./client";

/**
 * Statements that a page runs on every request, built once per database and variant instead of on every call,
 * and sent by name: drizzle no longer assembles their SQL each time, and PostgreSQL parses and plans a named
 * statement once per connection. The name must differ for every different SQL text (one name per variant).
 */
const byDatabase = new WeakMap<Database, Map<string, unknown>>();

export function prepared<T>(db: Database, name: string, build: (name: string) => T): T {
  let statements = byDatabase.get(db);
  if (!statements) byDatabase.set(db, (statements = new Map()));
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(name);
    statements.set(name, statement);
  }
  return statement;
}
