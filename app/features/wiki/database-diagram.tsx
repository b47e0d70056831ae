import { useId } from "react";
import { useTranslation } from "react-i18next";
import { TableFrame } from "#app/components/ui/table";
import { DIAGRAM_LAYOUT as L, type DatabaseDiagram, type DiagramTable } from "#shared/database-diagram";

/**
 * The database diagram as an SVG drawn from the build's description (server/db/diagram): a band per schema
 * file, a box per table with a row per column (PK and FK badges, the type, "null" when it may be empty, and the
 * column a foreign key refers to). Colours are the theme's tokens, so it reads in light and dark. Screen readers
 * get its title and description; `DatabaseTables` below it says the same as tables.
 */
export function DatabaseDiagramSvg({ diagram }: { diagram: DatabaseDiagram }) {
  const { t } = useTranslation("wiki");
  const id = useId();
  return (
    <TableFrame label={t("database.diagramLabel")}>
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        width={diagram.width}
        height={diagram.height}
        viewBox={`0 0 ${diagram.width} ${diagram.height}`}
        className="block max-w-none font-mono"
        data-diagram="database"
      >
        <title id={`${id}-title`}>{t("database.svgTitle", { tables: diagram.tables.length, areas: diagram.areas.length })}</title>
        <desc id={`${id}-desc`}>{t("database.svgDesc")}</desc>
        {diagram.areas.map((area) => (
          <g key={area.name} data-area={area.name}>
            <rect {...area.box} rx={16} className="fill-muted/60 stroke-border" />
            <text x={area.box.x + L.margin} y={area.box.y + 26} className="fill-foreground text-base font-bold">
              {area.name}
            </text>
          </g>
        ))}
        {diagram.tables.map((table) => (
          <TableBox key={table.name} table={table} />
        ))}
      </svg>
    </TableFrame>
  );
}

function TableBox({ table }: { table: DiagramTable }) {
  const { x, y, width, height } = table.box;
  const rowY = (line: number) => y + L.tableTitle + L.padding / 2 + line * L.line + 13;
  return (
    <g data-table={table.name}>
      <rect x={x} y={y} width={width} height={height} rx={8} className="fill-card stroke-border" />
      <path d={`M${x} ${y + L.tableTitle}h${width}`} className="stroke-border" />
      <text x={x + L.padding} y={y + 20} className="fill-foreground text-sm font-bold">
        {table.name}
      </text>
      {/* Names, types and references each inherit their look from one group. */}
      <g className="fill-primary text-[10px] font-bold">
        {table.columns.map(
          (c) =>
            (c.primaryKey || c.references) && (
              <text key={c.name} x={x + L.padding} y={rowY(c.lines.name)}>
                {[c.primaryKey ? "PK" : "", c.references ? "FK" : ""].filter(Boolean).join(" ")}
              </text>
            ),
        )}
      </g>
      <g className="fill-foreground text-xs">
        {table.columns.map((c) => (
          <text key={c.name} x={x + L.padding + L.badge} y={rowY(c.lines.name)}>
            {c.name}
          </text>
        ))}
      </g>
      <g className="fill-muted-foreground text-[11px]" textAnchor="end">
        {table.columns.map((c) => (
          <text key={c.name} x={x + width - L.padding} y={rowY(c.lines.type)}>
            {c.nullable ? `${c.type} null` : c.type}
          </text>
        ))}
      </g>
      <g className="fill-accent text-[11px]" textAnchor="end">
        {table.columns.map(
          (c) =>
            c.lines.references !== null && (
              <text key={c.name} x={x + width - L.padding} y={rowY(c.lines.references)}>
                → {c.references}
              </text>
            ),
        )}
      </g>
    </g>
  );
}

/** The diagram's content as tables, one per database table under a heading per area. */
export function DatabaseTables({ diagram }: { diagram: DatabaseDiagram }) {
  const { t } = useTranslation("wiki");
  return (
    <div className="space-y-10">
      {diagram.areas.map((area) => (
        <section key={area.name} aria-labelledby={`area-${area.name}`} className="space-y-6">
          <h3 id={`area-${area.name}`} className="text-lg font-bold">
            {t("database.area", { area: area.name })}
          </h3>
          {area.tables.map((name) => {
            const table = diagram.tables.find((tb) => tb.name === name)!;
            return <TableColumns key={name} table={table} />;
          })}
        </section>
      ))}
    </div>
  );
}

/** A table's look set once on the table: its rows repeat it hundreds of times on this page. */
const COLUMNS_TABLE =
  "w-full text-left text-sm [&_tr]:border-b [&_tr]:border-border [&_th]:py-1.5 [&_th]:pr-4 [&_th]:align-top [&_td]:py-1.5 [&_td]:pr-4 [&_td]:align-top [&_tbody_th]:font-normal [&_code]:font-mono [&_code]:text-xs [&_tr>*:first-child]:pl-4";

function TableColumns({ table }: { table: DiagramTable }) {
  const { t } = useTranslation("wiki");
  const composite = table.foreignKeys.filter((k) => k.columns.length > 1);
  return (
    <div id={`table-${table.name}`} className="space-y-2">
      <TableFrame label={table.name}>
        <table className={COLUMNS_TABLE} data-columns={table.name}>
          <caption className="pb-2 text-left">
            <code className="font-mono font-semibold">{table.name}</code>
          </caption>
          <thead>
            <tr>
              <th scope="col">{t("database.column")}</th>
              <th scope="col">{t("database.type")}</th>
              <th scope="col">{t("database.nullable")}</th>
              <th scope="col">{t("database.key")}</th>
              <th scope="col">{t("database.references")}</th>
            </tr>
          </thead>
          <tbody>
            {table.columns.map((c) => (
              <tr key={c.name}>
                <th scope="row">
                  <code>{c.name}</code>
                </th>
                <td>
                  <code>{c.type}</code>
                </td>
                <td>{c.nullable ? t("database.yes") : t("database.no")}</td>
                <td>
                  {[c.primaryKey ? t("database.primaryKey") : "", c.references ? t("database.foreignKey") : ""].filter(Boolean).join(", ")}
                </td>
                <td>{c.references && <code>{c.references}</code>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      {composite.length > 0 && (
        <ul className="text-sm text-muted-foreground">
          {composite.map((k) => (
            <li key={k.columns.join()}>
              {t("database.compositeForeignKey", {
                columns: k.columns.join(", "),
                target: `${k.table} (${k.foreignColumns.join(", ")})`,
              })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
