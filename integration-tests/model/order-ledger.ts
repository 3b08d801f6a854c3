/**
 * What every order must be once the store has settled, beside the money invariant
 * (./money-ledger): an order can be placed unpaid (an installment placed before the shopper's
 * approval), so its life is checked too:
 * - a cancelled order holds no money (it shows nothing; the bank keeps nothing for its cart, by the
 *   money invariant), unless Needs attention names it (a mono checkout payment, which the checkout
 *   API cannot give back), and no stock (no reservation of its items is left);
 * - an order that never had money and is not cancelled is still payable: one of its sessions waits
 *   for the shopper at the bank (pending_authorization, the bank order IN_PROCESS/WAITING_FOR_CLIENT),
 *   or Needs attention names it (the bank ended it unpaid after it was fulfilled);
 * - an order fulfilled with no money is named in Needs attention;
 * - an order shows no more money than it costs (a payment link paid twice, or after the amount was
 *   settled another way, is given back), unless Needs attention names it.
 */
import type { IInventoryService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { CartBooks, OrderBooks } from "./money-ledger"
import { needsAttention, type World } from "./store-world"

const INSTALLMENTS_PREFIX = "pp_monobank-installments_"

export type OrderFacts = {
  /** Units its items still reserve (read for cancelled orders and for unpaid ones). */
  reserved: number
  /** Why it may still be paid: the waiting session and the bank's state, or undefined. */
  awaiting?: string
  /** Whether a Needs attention row names the order (read only for orders not cancelled that are not simply waiting). */
  named: boolean
}

/** Money was there once: a payment that is live, or that took money (refunded since). */
const everPaid = (order: OrderBooks) => order.payments.some((p) => !p.canceled || p.captured > 0)
const overpaid = (order: OrderBooks) => order.shown > order.total

/** The facts of every order that needs them (cancelled or never paid), read from the store and the bank. */
export async function readOrderFacts(world: World, books: CartBooks[]): Promise<Map<string, OrderFacts>> {
  const facts = new Map<string, OrderFacts>()
  const checked = books.flatMap((cart) => cart.orders).filter((order) => order.status === "canceled" || !everPaid(order) || overpaid(order))
  if (checked.length === 0) return facts
  const inventory = world.container().resolve<IInventoryService>(Modules.INVENTORY)
  let rows: Array<Record<string, unknown>> | undefined
  // Needs attention is read once, and only when an order is not cancelled and is not waiting for the shopper.
  const attentionRows = async () =>
    (rows ??= await needsAttention(world).catch((error) => {
      throw new Error(`Needs attention could not be read: ${(error as Error).message}`)
    }))
  for (const order of checked) {
    const reservations = order.lineItemIds.length ? await inventory.listReservationItems({ line_item_id: order.lineItemIds }) : []
    const reserved = reservations.reduce((total, r) => total + Number(r.quantity), 0)
    const awaiting = order.status === "canceled" || everPaid(order) ? undefined : await awaitingApproval(world, order)
    const asksForAPerson = order.status === "canceled" ? order.shown !== 0 : !awaiting || order.fulfilled
    const named = asksForAPerson && (await attentionRows()).some((row) => row.medusa_order_id === order.id || JSON.stringify(row).includes(order.id))
    facts.set(order.id, { reserved, awaiting, named })
  }
  return facts
}

async function awaitingApproval(world: World, order: OrderBooks): Promise<string | undefined> {
  for (const session of order.sessions) {
    if (!session.provider_id.startsWith(INSTALLMENTS_PREFIX) || session.status !== "pending_authorization" || !session.bankOrderId) continue
    const bank = await world.control.getInstallmentOrder(session.bankOrderId).catch(() => undefined)
    if (bank?.state === "IN_PROCESS" && bank.order_sub_state === "WAITING_FOR_CLIENT") return `session ${session.id} waits for the shopper (${bank.order_id})`
  }
  return undefined
}

/** Every way the orders of these carts break the rules above, in words; empty when they hold. */
export function orderViolations(books: CartBooks[], facts: Map<string, OrderFacts>): string[] {
  const violations: string[] = []
  for (const cart of books) {
    for (const order of cart.orders) {
      const fact = facts.get(order.id)
      if (!fact) continue
      const what = `${cart.label}: order ${order.id}`
      if (order.status === "canceled") {
        const on = order.payments.filter((p) => p.shown !== 0).map((p) => p.bankPayment ?? "(no bank payment)")
        if (order.shown !== 0 && !fact.named) violations.push(`${what} is cancelled but shows ${order.shown} kopecks (on ${on.join(", ")}), and Needs attention does not name it`)
        if (fact.reserved > 0) violations.push(`${what} is cancelled but still reserves ${fact.reserved} unit(s) of stock`)
        continue
      }
      if (overpaid(order) && !fact.named) violations.push(`${what} costs ${order.total} kopecks but shows ${order.shown}, and Needs attention does not name it`)
      if (everPaid(order)) continue
      if (order.fulfilled && !fact.named) violations.push(`${what} was fulfilled with no money, and Needs attention does not name it`)
      else if (!fact.awaiting && !fact.named) {
        violations.push(`${what} has no money and nothing can pay it any more, yet it is ${order.status}${fact.reserved ? ` with ${fact.reserved} unit(s) reserved` : ""}`)
      }
    }
  }
  return violations
}
