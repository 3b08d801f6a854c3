/**
 * What the soak counts once the cluster has settled: orders per cart from PostgreSQL, what the bank
 * holds from the emulator, and which money calls each bank invoice / order received from the tap.
 */
import type { Client } from "pg"
import type { EmulatorControl } from "../../../emulator"
import type { BankCall } from "./bank-tap"
import { KINDS, type Kind, type Shopper } from "./shoppers"

/** How a bank payment ended, per kind: paid (money backs an order) or released after being paid. */
type BankOutcome = { paid: boolean; released: boolean }

async function bankOutcome(bank: EmulatorControl, shopper: Shopper): Promise<BankOutcome> {
  switch (shopper.kind) {
    case "card debit":
    case "card hold + capture": {
      const invoice = await bank.getInvoice(shopper.bankId)
      const released = invoice.status === "reversed" || (invoice.cancelList?.length ?? 0) > 0
      return { paid: invoice.status === "hold" || invoice.status === "success" || released, released }
    }
    case "installments": {
      const order = await bank.getInstallmentOrder(shopper.bankId)
      // Every soak shopper's phone is approved by the bank: a FAIL or a return is the store's doing.
      const released = order.state === "FAIL" || order.returns.length > 0
      const paid = order.state === "SUCCESS" || order.order_sub_state === "WAITING_FOR_STORE_CONFIRM" || released
      return { paid, released }
    }
    case "mono checkout": {
      const order = await bank.getCheckoutOrder(shopper.bankId)
      const generalStatus = order.record.generalStatus
      return { paid: generalStatus === "success" || order.status === "hold_expired", released: order.status === "hold_expired" }
    }
  }
}

/** Bank calls that move money for good (finalize / confirm) and that give it back (cancel / reject / return). */
const FINALIZE_PATHS = ["/api/merchant/invoice/finalize", "/api/order/confirm"]
const RELEASE_PATHS = ["/api/merchant/invoice/cancel", "/api/order/reject", "/api/order/return"]
const succeeded = (call: BankCall) => call.status >= 200 && call.status < 300

export async function ordersPerCart(sql: Client, cartIds: string[]): Promise<Map<string, number>> {
  // Every live order ever linked to the cart: a link dismissed while its order stayed would hide a duplicate.
  const { rows } = await sql.query(
    `select oc.cart_id, count(distinct o.id)::int as orders
       from order_cart oc join "order" o on o.id = oc.order_id and o.deleted_at is null
      where oc.cart_id = any($1) group by oc.cart_id`,
    [cartIds]
  )
  return new Map(cartIds.map((id) => [id, rows.find((r) => r.cart_id === id)?.orders ?? 0]))
}

/** Medusa captures per payment of the carts' orders (more than one: the store booked a capture twice). */
async function capturesPerCart(sql: Client, cartIds: string[]): Promise<Map<string, number[]>> {
  const { rows } = await sql.query(
    `select oc.cart_id, p.id, count(c.id)::int as captures
       from order_cart oc
       join order_payment_collection opc on opc.order_id = oc.order_id and opc.deleted_at is null
       join payment p on p.payment_collection_id = opc.payment_collection_id and p.deleted_at is null
       left join capture c on c.payment_id = p.id and c.deleted_at is null
      where oc.deleted_at is null and oc.cart_id = any($1)
      group by oc.cart_id, p.id`,
    [cartIds]
  )
  const result = new Map<string, number[]>()
  for (const row of rows) result.set(row.cart_id, [...(result.get(row.cart_id) ?? []), row.captures])
  return result
}

export type CartVerdict = {
  shopper: Shopper
  orders: number
  paid: boolean
  released: boolean
  finalizeCalls: number
  releaseCalls: number
  maxCaptures: number
}

export async function judgeCarts(sql: Client, bank: EmulatorControl, calls: BankCall[], shoppers: Shopper[]): Promise<CartVerdict[]> {
  const cartIds = shoppers.map((s) => s.cartId)
  const orders = await ordersPerCart(sql, cartIds)
  const captures = await capturesPerCart(sql, cartIds)
  const verdicts: CartVerdict[] = []
  for (const shopper of shoppers) {
    const mine = calls.filter((call) => call.subject === shopper.bankId)
    const outcome = await bankOutcome(bank, shopper)
    verdicts.push({
      shopper,
      orders: orders.get(shopper.cartId) ?? 0,
      ...outcome,
      finalizeCalls: mine.filter((c) => FINALIZE_PATHS.includes(c.path)).length,
      releaseCalls: mine.filter((c) => RELEASE_PATHS.includes(c.path) && succeeded(c)).length,
      maxCaptures: Math.max(0, ...(captures.get(shopper.cartId) ?? [])),
    })
  }
  return verdicts
}

export type TallyRow = {
  kind: Kind | "all"
  carts: number
  orders: number
  duplicates: number
  orphans: number
  "released holds": number
  "double finalizes": number
  "double refunds": number
  "double captures": number
}

export function tally(verdicts: CartVerdict[]): TallyRow[] {
  const row = (kind: TallyRow["kind"], of: CartVerdict[]): TallyRow => ({
    kind,
    carts: of.length,
    orders: of.reduce((n, v) => n + v.orders, 0),
    duplicates: of.reduce((n, v) => n + Math.max(0, v.orders - 1), 0),
    orphans: of.filter((v) => v.paid && v.orders === 0).length,
    "released holds": of.filter((v) => v.orders > 0 && (v.released || v.releaseCalls > 0)).length,
    "double finalizes": of.filter((v) => v.finalizeCalls > 1).length,
    "double refunds": of.filter((v) => v.releaseCalls > 1).length,
    "double captures": of.filter((v) => v.maxCaptures > 1).length,
  })
  return [...KINDS.map((kind) => row(kind, verdicts.filter((v) => v.shopper.kind === kind))), row("all", verdicts)]
}

/** A plain-text table for the log. */
export function formatTally(title: string, rows: TallyRow[]): string {
  const columns = Object.keys(rows[0]) as Array<keyof TallyRow>
  const cells = [columns.map(String), ...rows.map((r) => columns.map((c) => String(r[c])))]
  const widths = columns.map((_, i) => Math.max(...cells.map((line) => line[i].length)))
  const lines = cells.map((line) => line.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  "))
  lines.splice(1, 0, widths.map((w) => "-".repeat(w)).join("  "))
  return `${title}\n${lines.join("\n")}`
}

/**
 * Waits until the bank has nothing left to send and every paid cart's order count has not changed
 * for `quietMs` (Medusa handles a webhook event a few seconds after receiving it), or the time is up.
 */
export async function settle(
  sql: Client,
  bank: EmulatorControl,
  shoppers: Shopper[],
  { quietMs = 10_000, timeoutMs = 120_000 }: { quietMs?: number; timeoutMs?: number } = {}
): Promise<void> {
  await bank.flushWebhooks()
  const until = Date.now() + timeoutMs
  let last = ""
  let stableSince = Date.now()
  while (Date.now() < until) {
    const counts = await ordersPerCart(sql, shoppers.map((s) => s.cartId))
    const snapshot = JSON.stringify([...counts])
    if (snapshot !== last) {
      last = snapshot
      stableSince = Date.now()
    }
    const everyCartHasAnOrder = [...counts.values()].every((n) => n > 0)
    if (Date.now() - stableSince >= (everyCartHasAnOrder ? quietMs : 3 * quietMs)) return
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    await bank.flushWebhooks()
  }
}
