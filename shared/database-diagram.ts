/**
 * The database diagram's shape (/resources/database): what the build describes from the drizzle schema
 * (server/db/diagram) and the page draws. Measures are SVG user units; the diagram's text is monospace, so a
 * line's width follows from its length.
 */
export const DIAGRAM_LAYOUT = {
  columns: 4,
  boxWidth: 320,
  gap: 24,
  margin: 16,
  areaTitle: 40,
  tableTitle: 30,
  line: 18,
  padding: 8,
  /** The key badge's column (PK, FK) at the start of a row. */
  badge: 30,
  nameCharWidth: 7.3,
  typeCharWidth: 6.7,
} as const;

export type DiagramColumn = {
  name: string;
  /** The SQL type, as drizzle writes it (`text`, `timestamp with time zone`, `integer[]`). */
  type: string;
  nullable: boolean;
  primaryKey: boolean;
  /** The column it refers to, as `table.column`, when it is (alone) a foreign key. */
  references: string | null;
  /** Where its lines go in its box: the name's, the type's (the same when both fit), the reference's. */
  lines: { name: number; type: number; references: number | null };
};

export type DiagramForeignKey = { columns: string[]; table: string; foreignColumns: string[]; onDelete: string | null };

export type Box = { x: number; y: number; width: number; height: number };

export type DiagramTable = {
  name: string;
  /** The schema file (without `.ts`) that declares it: accounts, forum, … */
  area: string;
  columns: DiagramColumn[];
  primaryKey: string[];
  foreignKeys: DiagramForeignKey[];
  box: Box;
};

export type DiagramArea = { name: string; tables: string[]; box: Box };

export type DatabaseDiagram = { width: number; height: number; areas: DiagramArea[]; tables: DiagramTable[] };
