/**
 * The pending payment sessions due for a bank read, the most overdue first, a page at a time, read
 * straight from the payment module's `payment_session` table. Medusa's list API cannot order by an
 * instant computed from a session's `data`, and loading every pending session to sort them in
 * memory grows with the store; listing the newest N and filtering them starved the older ones. So
 * one read-only query computes, per session, what ./session-schedule computes in JavaScript (same
 * arithmetic on the same millisecond instants, so both agree) and returns only a page.
 *
 * The columns read (id, provider_id, status, created_at, deleted_at, data) are checked against
 * Medusa's real payment module by integration-tests/modules/payment-sessions-reconcile-fairness.spec.ts.
 * A session the plugin's session ledger records a payment for is listed too (the HTTP tests run it).
 */
import type { PaymentSessionDTO } from "@medusajs/framework/types"
import {
  CARD_HOLD_LIFE_MS,
  LATEST_WINDOW_END_MS,
  LONGEST_RECONCILE_WINDOW_MS,
  MIN_RECHECK_MS,
  RECONCILE_MARGIN_MS,
} from "./reconcile-schedule"
import { ISO_INSTANT_PATTERN, type SessionSchedule } from "./session-schedule"
import type { ChargeState } from "./session-money/ledger"

export type SqlConnection = { raw(sql: string, bindings: unknown[]): Promise<{ rows: Record<string, unknown>[] }> }

export type DueSessionRow = {
  id: string
  provider_id: string
  status: PaymentSessionDTO["status"]
  created_at: Date
  data: Record<string, unknown>
  /** When it fell due, in epoch milliseconds (exactly as computed, for the next page's cursor). */
  due_at: number
}

export type DueSessionsPage = {
  /** The plugin's session ledger table is there (its module registered and migrated). */
  ledgerTable: boolean
  providerIds: readonly string[]
  statuses: readonly string[]
  schedule: SessionSchedule
  now: Date
  limit: number
  /** The last session of the previous page: this page starts after it. */
  after?: Pick<DueSessionRow, "id" | "due_at">
}

const DATA_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/

function dataKey(key: string): string {
  if (!DATA_KEY.test(key)) throw new Error(`due sessions: "${key}" is not a data key this query reads`)
  return key
}

/** The instant under `key` in epoch ms when it is written as `toISOString()` writes it, else null (no error for any other value). */
function instantSql(key: string): { sql: string; bindings: unknown[] } {
  const path = `$."${dataKey(key)}".datetime("YYYY-MM-DD\\"T\\"HH24:MI:SS.FF3\\"Z\\"")`
  return {
    sql: `(case when s.data ->> ?::text ~ ?::text then extract(epoch from ((jsonb_path_query_first(s.data, ?::jsonpath, '{}'::jsonb, true) #>> '{}')::timestamp at time zone 'UTC'))::float8 * 1000 end)`,
    bindings: [key, ISO_INSTANT_PATTERN, path],
  }
}

/** The plugin's session ledger (module monobank-session-payments) and the states of a payment there is something to read for. */
const LEDGER_TABLE = "monobank_session_payment"
const READABLE_CHARGE_STATES = ["sent", "sending", "unknown"] as const satisfies readonly ChargeState[]

/** Whether the session ledger's table exists here (a store that has not run the plugin's migrations yet has none). */
export async function hasLedgerTable(connection: SqlConnection): Promise<boolean> {
  const { rows } = await connection.raw("select to_regclass(?::text) is not null as present", [LEDGER_TABLE])
  return rows[0]?.present === true
}

/** Something at the bank to read: the bank's id in the data, or a payment the ledger records for the session. */
function readableSql(page: DueSessionsPage): { sql: string; bindings: unknown[] } {
  const inData = { sql: "jsonb_typeof(s.data -> ?::text) = 'string'", bindings: [dataKey(page.schedule.bankRefKey)] }
  const kinds = page.schedule.ledgerKinds ?? []
  if (!page.ledgerTable || !kinds.length) return inData
  return {
    sql: `(${inData.sql} or exists (select 1 from "${LEDGER_TABLE}" p where p.session_id = s.id and p.deleted_at is null
            and p.kind::text = any(?::text[]) and p.charge_state::text = any(?::text[])))`,
    bindings: [...inData.bindings, [...kinds], [...READABLE_CHARGE_STATES]],
  }
}

/** Until when the session's invoice can be paid, in epoch ms, or null when not noted (`validUntilKey`). */
function validUntilSql(key: string | undefined): { sql: string; bindings: unknown[] } {
  return key ? instantSql(key) : { sql: "null::float8", bindings: [] }
}

export async function queryDueSessions(connection: SqlConnection, page: DueSessionsPage): Promise<DueSessionRow[]> {
  if (!page.providerIds.length || !page.statuses.length || page.limit <= 0) return []
  const now = page.now.getTime()
  const mark = instantSql(page.schedule.readMarkKey)
  const validUntil = validUntilSql(page.schedule.validUntilKey)
  const readable = readableSql(page)
  const after = page.after ? "and (due.due_at, due.id) > (?::float8, ?::text)" : ""
  const { rows } = await connection.raw(
    `select due.id, due.provider_id, due.status, due.created_at, due.data, due.due_at
     from (
       select s.id, s.provider_id, s.status, s.created_at, s.data, w.window_end_ms,
              r.last_read + greatest(?::float8, (r.last_read - c.created_ms) / 9) as due_at
       from payment_session s
       cross join lateral (select floor(extract(epoch from s.created_at) * 1000)::float8 as created_ms) c
       cross join lateral (select ${mark.sql} as mark_ms) m
       cross join lateral (select coalesce(case when m.mark_ms <= ?::float8 then m.mark_ms end, c.created_ms) as last_read) r
       cross join lateral (select ${validUntil.sql} as valid_until_ms) v
       -- As sessionWindowEnd: until the invoice can be paid, a hold's life and a margin (at most 70 days); not noted: 40 days.
       cross join lateral (
         select case when v.valid_until_ms is null then c.created_ms + ?::float8
                     else least(v.valid_until_ms + ?::float8, c.created_ms + ?::float8) end as window_end_ms
       ) w
       where s.deleted_at is null
         and s.provider_id = any(?::text[])
         and s.status::text = any(?::text[])
         and s.created_at >= ?
         and ${readable.sql}
     ) due
     where due.due_at <= ?::float8 and due.window_end_ms >= ?::float8 ${after}
     order by due.due_at, due.id
     limit ?::integer`,
    [
      MIN_RECHECK_MS,
      ...mark.bindings,
      now,
      ...validUntil.bindings,
      LONGEST_RECONCILE_WINDOW_MS,
      CARD_HOLD_LIFE_MS + RECONCILE_MARGIN_MS,
      LATEST_WINDOW_END_MS,
      [...page.providerIds],
      [...page.statuses],
      new Date(now - LATEST_WINDOW_END_MS),
      ...readable.bindings,
      now,
      now,
      ...(page.after ? [page.after.due_at, page.after.id] : []),
      page.limit,
    ]
  )
  return rows.map((row) => ({
    id: row.id as string,
    provider_id: row.provider_id as string,
    status: row.status as PaymentSessionDTO["status"],
    created_at: row.created_at as Date,
    data: (row.data as Record<string, unknown> | null) ?? {},
    due_at: Number(row.due_at),
  }))
}
