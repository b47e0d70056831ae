import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";

import {
  DIAGRAM_LAYOUT as L,
  type DatabaseDiagram,
  type DiagramArea,
  type DiagramColumn,
  type DiagramTable,
} from "#shared/database-diagram";

/**
 * The database diagram of the wiki (/resources/database), described from the drizzle schema itself: every
 * table of `server/db/schema/index.ts`, grouped by the schema file that declares it, with its columns, types,
 * nullability, primary key and foreign keys, and where each box and line goes in the SVG. The build writes it
 * to build/wiki/database.json (scripts/build-wiki.ts); `describe.test.ts` proves it matches the schema.
 */

/** Module exports by schema file name (`accounts` → the module of `./accounts`). */
export type SchemaModules = Record<string, Record<string, unknown>>;

const OTHER_AREA = "other";

/** Every table `index` exports, in the order of `files` (a table no file declares goes under "other"). */
export function describeDatabase(index: Record<string, unknown>, files: SchemaModules): DatabaseDiagram {
  const tables = Object.values(index).filter((value): value is PgTable => is(value, PgTable));
  const areaOf = new Map<PgTable, string>();
  for (const [area, mod] of Object.entries(files))
    for (const value of Object.values(mod)) if (is(value, PgTable) && !areaOf.has(value)) areaOf.set(value, area);

  const described = tables.map((table) => describeTable(table, areaOf.get(table) ?? OTHER_AREA));
  const areaNames = [...new Set([...Object.keys(files), OTHER_AREA])].filter((a) => described.some((t) => t.area === a));
  return layOut(
    areaNames,
    described.sort((a, b) => a.name.localeCompare(b.name)),
  );
}

type Described = Omit<DiagramTable, "box" | "columns"> & { columns: Omit<DiagramColumn, "lines">[] };

function describeTable(table: PgTable, area: string): Described {
  const config = getTableConfig(table);
  const foreignKeys = config.foreignKeys.map((fk) => {
    const ref = fk.reference();
    return {
      columns: ref.columns.map((c) => c.name),
      table: getTableConfig(ref.foreignTable).name,
      foreignColumns: ref.foreignColumns.map((c) => c.name),
      onDelete: fk.onDelete ?? null,
    };
  });
  const composite = config.primaryKeys.flatMap((pk) => pk.columns.map((c) => c.name));
  const primaryKey = [...config.columns.filter((c) => c.primary).map((c) => c.name), ...composite];
  const columns = config.columns.map((c) => {
    const fk = foreignKeys.find((k) => k.columns.length === 1 && k.columns[0] === c.name);
    return {
      name: c.name,
      type: c.getSQLType(),
      nullable: !c.notNull,
      primaryKey: primaryKey.includes(c.name),
      references: fk ? `${fk.table}.${fk.foreignColumns[0]}` : null,
    };
  });
  return { name: config.name, area, columns, primaryKey, foreignKeys };
}

/** A column's lines in its box: the type beside the name when both fit, else under it; a reference under them. */
function linesOf(column: Omit<DiagramColumn, "lines">, first: number): DiagramColumn["lines"] {
  const room = L.boxWidth - 2 * L.padding - L.badge;
  const typeText = column.type.length + (column.nullable ? " null".length : 0);
  const fits = column.name.length * L.nameCharWidth + 2 * L.typeCharWidth + typeText * L.typeCharWidth <= room;
  const type = fits ? first : first + 1;
  return { name: first, type, references: column.references ? type + 1 : null };
}

/** Areas one under another; in each, its tables in `columns` columns, each box under the shortest column. */
function layOut(areaNames: string[], tables: Described[]): DatabaseDiagram {
  const { columns, boxWidth, gap, margin, areaTitle, tableTitle, line, padding } = L;
  const width = margin * 2 + columns * boxWidth + (columns - 1) * gap;
  const placed: DiagramTable[] = [];
  const areas: DiagramArea[] = [];
  let top = margin;
  for (const name of areaNames) {
    const mine = tables.filter((t) => t.area === name);
    const heights = Array.from({ length: columns }, () => top + areaTitle);
    for (const table of mine) {
      let next = 0;
      const cols = table.columns.map((c) => {
        const lines = linesOf(c, next);
        next = Math.max(lines.name, lines.type, lines.references ?? 0) + 1;
        return { ...c, lines };
      });
      const col = heights.indexOf(Math.min(...heights));
      const height = tableTitle + next * line + padding;
      placed.push({ ...table, columns: cols, box: { x: margin + col * (boxWidth + gap), y: heights[col]!, width: boxWidth, height } });
      heights[col] = heights[col]! + height + gap;
    }
    const bottom = Math.max(...heights) - gap;
    areas.push({
      name,
      tables: mine.map((t) => t.name),
      box: { x: margin / 2, y: top, width: width - margin, height: bottom - top + margin / 2 },
    });
    top = bottom + margin * 2;
  }
  return { width, height: top - margin, areas, tables: placed };
}
