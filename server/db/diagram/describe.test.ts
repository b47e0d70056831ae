import { existsSync, readFileSync } from "node:fs";
import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "#server/db/schema";
import { databaseDiagramFile } from "#server/paths";
import { describeDatabaseFromSources } from "./schema-modules";

/**
 * The wiki's database diagram never drifts from the schema: described from the sources now, it has every table
 * the schema's index exports with every column as drizzle sees it, and the build's file (what the page serves)
 * is the same description.
 */
describe("the database diagram", () => {
  it("has every table of the schema, each in the file that declares it, with its columns, keys and references", async () => {
    const diagram = await describeDatabaseFromSources();
    const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
    expect(diagram.tables.map((t) => t.name).sort()).toEqual(tables.map((t) => getTableConfig(t).name).sort());
    expect(diagram.tables.filter((t) => t.area === "other").map((t) => t.name)).toEqual([]);
    for (const table of tables) {
      const config = getTableConfig(table);
      const drawn = diagram.tables.find((t) => t.name === config.name)!;
      expect(
        drawn.columns.map((c) => [c.name, c.type, c.nullable]),
        config.name,
      ).toEqual(config.columns.map((c) => [c.name, c.getSQLType(), !c.notNull]));
      const pk = [
        ...config.columns.filter((c) => c.primary).map((c) => c.name),
        ...config.primaryKeys.flatMap((k) => k.columns.map((c) => c.name)),
      ];
      expect(drawn.primaryKey.sort(), config.name).toEqual(pk.sort());
      expect(pk.length, `${config.name} has a primary key`).toBeGreaterThan(0);
      const fks = config.foreignKeys
        .map((fk) => fk.reference())
        .map((r) => `${r.columns.map((c) => c.name)}→${getTableConfig(r.foreignTable).name}.${r.foreignColumns.map((c) => c.name)}`);
      expect(drawn.foreignKeys.map((k) => `${k.columns}→${k.table}.${k.foreignColumns}`).sort(), config.name).toEqual(fks.sort());
    }
  });

  it("lays the boxes out without overlapping, inside their area", async () => {
    const diagram = await describeDatabaseFromSources();
    const boxes = diagram.tables.map((t) => t.box);
    for (const [i, a] of boxes.entries())
      for (const b of boxes.slice(i + 1))
        expect(a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y).toBe(true);
    for (const table of diagram.tables) {
      const area = diagram.areas.find((a) => a.name === table.area)!.box;
      expect(table.box.y >= area.y && table.box.y + table.box.height <= area.y + area.height, table.name).toBe(true);
      expect(table.box.x + table.box.width).toBeLessThanOrEqual(diagram.width);
    }
  });

  it("is what the build wrote for the page (build/wiki/database.json)", async () => {
    expect(existsSync(databaseDiagramFile), "npm run build writes it").toBe(true);
    const built = JSON.parse(readFileSync(databaseDiagramFile, "utf8"));
    expect(built).toEqual(await describeDatabaseFromSources());
  });
});
