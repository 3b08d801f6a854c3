/**
 * Reads every text-like column (text, varchar, char, json, jsonb, arrays of them) of every table in
 * every schema of the test database, and reports each value that holds a leak.
 */
import { around, findLeaks, type Secret } from "./leak-patterns"

type Knex = {
  raw(sql: string, bindings?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>
}

export type DatabaseLeak = { table: string; column: string; row: string; kind: string; excerpt: string }

const TEXT_TYPES = ["text", "character varying", "character", "json", "jsonb", "ARRAY", "USER-DEFINED"]

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

export async function scanDatabase(pg: Knex, secrets: Secret[]): Promise<{ leaks: DatabaseLeak[]; tables: number; values: number }> {
  const { rows: columns } = await pg.raw(
    `select c.table_schema, c.table_name, c.column_name
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where t.table_type = 'BASE TABLE'
        and c.table_schema not in ('pg_catalog', 'information_schema')
        and c.data_type = any(?)
      order by 1, 2, 3`,
    [TEXT_TYPES]
  )
  const byTable = new Map<string, { schema: string; table: string; columns: string[] }>()
  for (const c of columns) {
    const key = `${c.table_schema}.${c.table_name}`
    const entry = byTable.get(key) ?? { schema: String(c.table_schema), table: String(c.table_name), columns: [] }
    entry.columns.push(String(c.column_name))
    byTable.set(key, entry)
  }
  const leaks: DatabaseLeak[] = []
  let values = 0
  for (const [name, { schema, table, columns: cols }] of byTable) {
    const rowKey = cols.includes("id") ? `${quote("id")}::text` : "ctid::text"
    const select = cols.map((col) => `${quote(col)}::text as ${quote(col)}`).join(", ")
    const { rows } = await pg.raw(`select ${rowKey} as "__row", ${select} from ${quote(schema)}.${quote(table)}`)
    for (const row of rows) {
      for (const col of cols) {
        const value = row[col]
        if (typeof value !== "string" || value === "") continue
        values++
        for (const finding of findLeaks(value, secrets)) {
          leaks.push({ table: name, column: col, row: String(row.__row), kind: finding.kind, excerpt: around(value, finding.match) })
        }
      }
    }
  }
  return { leaks, tables: byTable.size, values }
}
