/**
 * The money and order state a hostile request must not change, read with SQL: every row of the
 * payment, order, cart and mono checkout tables. Timestamps that only say "looked at" are left out
 * (updated_at, last_checked_at): reading a record again is allowed, changing it is not.
 */
type Knex = {
  raw(sql: string, bindings?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>
}

export const WATCHED_TABLES = [
  "cart",
  "payment_collection",
  "payment_session",
  "payment",
  "capture",
  "refund",
  "order",
  "order_transaction",
  "account_holder",
  "monobank_checkout_order",
] as const

const LOOKED_AT_COLUMNS = new Set(["updated_at", "last_checked_at"])

export type StateSnapshot = Record<string, Record<string, Record<string, unknown>>>

export async function snapshotState(pg: Knex): Promise<StateSnapshot> {
  const snapshot: StateSnapshot = {}
  for (const table of WATCHED_TABLES) {
    const { rows } = await pg.raw(`select * from "${table}" order by id`)
    snapshot[table] = Object.fromEntries(
      rows.map((row) => [
        String(row.id),
        JSON.parse(JSON.stringify(Object.fromEntries(Object.entries(row).filter(([column]) => !LOOKED_AT_COLUMNS.has(column))))),
      ])
    )
  }
  return snapshot
}

export type StateChange = {
  table: string
  id: string
  change: "added" | "removed" | "changed"
  columns?: Record<string, { before: unknown; after: unknown }>
  row?: Record<string, unknown>
}

export function diffState(before: StateSnapshot, after: StateSnapshot): StateChange[] {
  const changes: StateChange[] = []
  for (const table of WATCHED_TABLES) {
    const was = before[table] ?? {}
    const now = after[table] ?? {}
    for (const id of Object.keys(now)) if (!(id in was)) changes.push({ table, id, change: "added", row: now[id] })
    for (const [id, row] of Object.entries(was)) {
      if (!(id in now)) {
        changes.push({ table, id, change: "removed", row })
        continue
      }
      const columns: Record<string, { before: unknown; after: unknown }> = {}
      for (const column of new Set([...Object.keys(row), ...Object.keys(now[id])])) {
        if (JSON.stringify(row[column]) !== JSON.stringify(now[id][column])) columns[column] = { before: row[column], after: now[id][column] }
      }
      if (Object.keys(columns).length) changes.push({ table, id, change: "changed", columns })
    }
  }
  return changes
}
