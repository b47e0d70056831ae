import { existsSync, readFileSync } from "node:fs";
import { databaseDiagramFile } from "#server/paths";
import type { DatabaseDiagram } from "#shared/database-diagram";

let kept: DatabaseDiagram | undefined;

/**
 * The database diagram the build wrote (build/wiki/database.json), read once. Without a build (development
 * from the sources), it is described from the schema's sources instead.
 */
export async function readDatabaseDiagram(): Promise<DatabaseDiagram> {
  if (kept) return kept;
  if (existsSync(databaseDiagramFile)) return (kept = JSON.parse(readFileSync(databaseDiagramFile, "utf8")) as DatabaseDiagram);
  const { describeDatabaseFromSources } = await import("./schema-modules");
  return describeDatabaseFromSources();
}
