// The wiki's generated pages, made by `npm run build` (after the server bundle): the database diagram of
// /resources/database, described from the drizzle schema's sources (server/db/diagram).
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { describeDatabaseFromSources } from "#server/db/diagram/schema-modules";
import { databaseDiagramFile } from "#server/paths";

const diagram = await describeDatabaseFromSources();
mkdirSync(dirname(databaseDiagramFile), { recursive: true });
writeFileSync(databaseDiagramFile, JSON.stringify(diagram));
console.log(`database diagram written to build/wiki/database.json (${diagram.tables.length} tables)`);
