import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The project root, found from this file whether it runs from server/ (tsx) or build/server/ (bundle). */
function findRoot(start: string): string {
  let dir = start;
  while (!existsSync(join(dir, "package.json"))) {
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

export const projectRoot = findRoot(dirname(fileURLToPath(import.meta.url)));
export const migrationsFolder = join(projectRoot, "server/db/migrations");
export const localesFolder = join(projectRoot, "app/i18n/locales");
export const clientBuildFolder = join(projectRoot, "build/client");
export const serverBuildFile = join(projectRoot, "build/server/index.js");
/** What the build generates for the wiki from the sources (scripts/build-wiki.ts): the database diagram. */
export const databaseDiagramFile = join(projectRoot, "build/wiki/database.json");
