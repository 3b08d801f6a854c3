/**
 * The plugin's checkout reconcile, as if `minutes` had passed (../model/settle). Time passing also
 * means the bank may be read again: the plugin reads a checkout order at most once per few seconds
 * (`claimBankRead` on the record's last read, in real time), and a callback within that interval
 * is answered from the record and followed up by a timer nobody awaits. So the last reads of the
 * records still in the reconcile's window (this sequence's: earlier ones are retired) are dated
 * back as much before the reconcile runs.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { RECONCILE_WINDOW_MS, syncDueCheckoutOrders } from "../../src/workflows/checkout/reconcile"

const MINUTE_MS = 60_000

type Knex = { raw(sql: string, bindings?: unknown[]): Promise<unknown> }

export async function reconcileCheckoutOrdersAsIf(container: MedusaContainer, minutes: number): Promise<void> {
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as unknown as Knex
  await knex.raw(
    `UPDATE monobank_checkout_order SET last_checked_at = last_checked_at - (? * interval '1 minute')
      WHERE last_checked_at IS NOT NULL AND created_at > now() - (? * interval '1 millisecond')`,
    [minutes, RECONCILE_WINDOW_MS]
  )
  await syncDueCheckoutOrders(container, { now: new Date(Date.now() + minutes * MINUTE_MS) })
}
