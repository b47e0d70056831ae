import { readdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { projectRoot } from "#server/paths";
import type { DatabaseDiagram } from "#shared/database-diagram";
import { describeDatabase, type SchemaModules } from "./describe";

const schemaFolder = join(projectRoot, "server/db/schema");

/**
 * Every schema file's exports and the index's, loaded from the sources (under tsx or vitest, not from the server
 * bundle): a new file in server/db/schema/ is found without any list to edit.
 */
export async function loadSchemaModules(): Promise<{ index: Record<string, unknown>; files: SchemaModules }> {
  const load = (file: string) =>
    import(/* @vite-ignore */ pathToFileURL(join(schemaFolder, file)).href) as Promise<Record<string, unknown>>;
  const names = readdirSync(schemaFolder)
    .filter((f) => f.endsWith(".ts") && f !== "index.ts" && !f.endsWith(".test.ts"))
    .sort();
  const files: SchemaModules = {};
  for (const name of names) files[name.replace(/\.ts$/, "")] = await load(name);
  return { index: await load("index.ts"), files };
}

/** The diagram described from the schema's sources, now. */
export async function describeDatabaseFromSources(): Promise<DatabaseDiagram> {
  const { index, files } = await loadSchemaModules();
  return describeDatabase(index, files);
}
