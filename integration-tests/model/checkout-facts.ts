/**
 * What the money model reads of mono checkout once the store has settled, for ./checkout-ledger:
 * the bank's checkout orders of each checkout cart (also as bank payments for ./money-ledger's
 * books, `checkoutBankMoney`), the cart's orders as Medusa shows them, the cart now and as it was
 * sent, what Needs attention names, how much each code's use grew and what of the garment the
 * sequence left reserved. Amounts in kopecks.
 */
import { ContainerRegistrationKeys, MathBN } from "@medusajs/framework/utils"
import type { EmulatorControl } from "../../emulator"
import type { CheckoutStatusKey } from "../../emulator/checkout/orders"
import type { CheckoutOrderState } from "../../emulator/control-client"
import { toMinorUnits } from "../../src/lib/monobank"
import { toBankMinorUnits } from "../../src/utils/medusa-money"
import type { Run } from "./command-base"
import type { CheckoutPaymentMethod } from "./checkout-page"
import { checkoutRunOf } from "./checkout-run"
import { cartLines, COUNTED_SHARED_CODES, garmentReservations, promotionUse, type Reservation } from "./checkout-world"
import type { CartBooks, SessionMoney } from "./money-ledger"
import { needsAttention, type World } from "./store-world"

const kopecks = (amount: unknown) => toMinorUnits(Number(amount ?? 0), "UAH")
/** A Medusa total (promotions leave fractions of a kopeck), by the plugin's one rounding rule, as the bank is paid. */
const totalKopecks = (amount: unknown) => toBankMinorUnits((amount ?? 0) as number, "uah")
export const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)

/** What the bank keeps of a checkout order in each state, of what the shopper paid on its page. */
const KEPT = {
  created: () => 0,
  paid: (collected) => collected,
  held: (collected) => collected,
  parts_approved: (collected) => collected,
  on_delivery: () => 0,
  declined: () => 0,
  hold_expired: () => 0,
} as const satisfies Record<CheckoutStatusKey, (collected: number) => number>

/** The bank placed the order: the shopper expects the goods (paid, approved, or paying on delivery). */
export const PLACED_AT_BANK = {
  created: false,
  paid: true,
  held: true,
  parts_approved: true,
  on_delivery: true,
  declined: false,
  hold_expired: false,
} as const satisfies Record<CheckoutStatusKey, boolean>

/** Create attempts whose bank orders are looked for: the first sends the cart id, attempt n `<cart id>-n`. */
const ATTEMPTS_LOOKED_FOR = 3

async function bankCheckoutOrders(control: EmulatorControl, cartId: string): Promise<CheckoutOrderState[]> {
  const refs = Array.from({ length: ATTEMPTS_LOOKED_FOR }, (_, i) => (i === 0 ? cartId : `${cartId}-${i + 1}`))
  const found = await Promise.all(
    refs.map((ref) =>
      control.getCheckoutOrderByRef(ref).catch((error) => {
        if ((error as { status?: number }).status === 404) return undefined
        throw error
      })
    )
  )
  return found.filter((order): order is CheckoutOrderState => !!order)
}

/** The cart's checkout orders as bank payments, for ./money-ledger's books. */
export async function checkoutBankMoney(control: EmulatorControl, cartId: string): Promise<SessionMoney[]> {
  return (await bankCheckoutOrders(control, cartId)).map((order) => {
    const kept = KEPT[order.status](kopecks(order.record.amount))
    return { sessionId: `checkout ${order.order_ref}`, provider: "mono checkout", kept, payments: [{ id: `checkout:${order.orderId}`, kept, state: order.status }] }
  })
}

export type BankCheckout = {
  orderId: string
  status: CheckoutStatusKey
  method?: CheckoutPaymentMethod
  delivery?: string
  /** What the shopper paid (or pays on delivery): goods less the code plus delivery. */
  collected: number
  deliveryPrice: number
  promo?: string
  /** The cart as it was sent: its goods and its number of units. */
  goods: number
  count: number
}

export type PlacedOrder = {
  id: string
  status: string
  total: number
  goods: number
  shipping: number
  codes: string[]
  payments: Array<{ id: string; provider: string; checkoutOrderId?: string; capturedBy: Array<string | null> }>
  /** Garment units it should still reserve: not cancelled, not fulfilled. */
  garmentOpen: number
}

export type CartFacts = {
  label: string
  cartId: string
  bank: BankCheckout[]
  orders: PlacedOrder[]
  now: { goods: number; count: number; lines: string }
  /** The cart's lines when its bank order was made. */
  sentLines?: string
  acceptedCodes: ReadonlySet<string>
  /** Bank orders Needs attention names. */
  named: ReadonlySet<string>
}

export type CheckoutFacts = {
  carts: CartFacts[]
  limitOneCode?: string
  /** How much each code's use grew in the sequence, as Medusa counts it. */
  useGrew: Map<string, number>
  /** Garment reservations made in the sequence and left, with the order and cart their line item belongs to. */
  newReservations: Array<Reservation & { order?: string; cart?: string }>
}

function bankCheckoutOf(order: CheckoutOrderState): BankCheckout {
  return {
    orderId: order.orderId,
    status: order.status,
    method: order.completion?.payment_method,
    delivery: order.completion?.delivery_method,
    collected: kopecks(order.record.amount),
    deliveryPrice: kopecks(order.deliveryPrice),
    promo: order.promo?.code,
    goods: kopecks(order.amount),
    count: order.count,
  }
}

/** The facts of every checkout cart of the sequence; none when it made no checkout cart. */
export async function readCheckoutFacts(world: World, run: Run, books: CartBooks[]): Promise<CheckoutFacts> {
  const state = checkoutRunOf(run)
  const carts: CartFacts[] = []
  for (const [c, cartState] of state.carts) {
    const cart = run.carts[c]!
    const orderIds = books.find((b) => b.cartId === cart.id)?.orders.map((o) => o.id) ?? []
    const [bank, orders, now] = await Promise.all([bankCheckoutOrders(world.control, cart.id), placedOrders(world, orderIds), cartNow(world, cart.id)])
    const facts = { label: cart.label, cartId: cart.id, bank: bank.map(bankCheckoutOf), orders, now, sentLines: cartState.sentLines }
    carts.push({ ...facts, acceptedCodes: cartState.acceptedCodes, named: new Set() })
  }
  await nameWhatNeedsAttention(world, carts)
  const before = state.before
  if (!before) return { carts, useGrew: new Map(), newReservations: [] }
  const codes = [...COUNTED_SHARED_CODES, ...(state.limitOneCode ? [state.limitOneCode] : [])]
  const use = await promotionUse(world, codes)
  const useGrew = new Map(codes.map((code) => [code, (use.get(code) ?? 0) - (before.use.get(code) ?? 0)]))
  const made = (await garmentReservations(world)).filter((r) => !before.reservationIds.has(r.id))
  return { carts, limitOneCode: state.limitOneCode, useGrew, newReservations: await withOrders(world, made) }
}

type Knex = { raw(sql: string, bindings?: unknown[]): Promise<{ rows: Array<Record<string, string>> }> }
const knexOf = (world: World) => world.container().resolve(ContainerRegistrationKeys.PG_CONNECTION) as unknown as Knex

/** The order and cart each reservation's line item belongs to, to say whose stock it holds. */
async function withOrders(world: World, reservations: Reservation[]): Promise<CheckoutFacts["newReservations"]> {
  const lineItems = reservations.map((r) => r.line_item_id).filter(Boolean)
  if (lineItems.length === 0) return reservations
  const { rows } = await knexOf(world).raw(
    "SELECT oi.item_id, oi.order_id, oc.cart_id FROM order_item oi LEFT JOIN order_cart oc ON oc.order_id = oi.order_id WHERE oi.item_id = ANY(?)",
    [lineItems]
  )
  return reservations.map((r) => {
    const row = rows.find((candidate) => candidate.item_id === r.line_item_id)
    return { ...r, order: row?.order_id, cart: row?.cart_id }
  })
}

const placedAndUncarried = (cart: CartFacts) => cart.bank.filter((b) => PLACED_AT_BANK[b.status] && carriersOf(cart, b).length === 0)

/** Needs attention is read once, and only when a bank order the bank placed has no Medusa order. */
async function nameWhatNeedsAttention(world: World, carts: CartFacts[]) {
  if (!carts.some((cart) => placedAndUncarried(cart).length > 0)) return
  const rows = await needsAttention(world)
  for (const cart of carts) {
    const named = placedAndUncarried(cart).filter((b) => rows.some((row) => JSON.stringify(row).includes(b.orderId)))
    cart.named = new Set(named.map((b) => b.orderId))
  }
}

async function placedOrders(world: World, orderIds: string[]): Promise<PlacedOrder[]> {
  if (orderIds.length === 0) return []
  const query = world.container().resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "status",
      "total",
      "item_total",
      "shipping_total",
      "items.quantity",
      "items.variant_id",
      "items.adjustments.code",
      "fulfillments.id",
      "fulfillments.canceled_at",
      "payment_collections.payments.id",
      "payment_collections.payments.provider_id",
      "payment_collections.payments.data",
      "payment_collections.payments.captures.created_by",
    ],
    filters: { id: orderIds },
  })
  const garment = new Set([world.checkout.plainVariantId, world.checkout.automaticVariantId])
  return data.map((order: any): PlacedOrder => {
    const items = order.items ?? []
    const open = order.status !== "canceled" && !(order.fulfillments ?? []).some((f: any) => f && !f.canceled_at)
    return {
      id: order.id,
      status: order.status,
      total: totalKopecks(order.total),
      goods: totalKopecks(order.item_total),
      shipping: totalKopecks(order.shipping_total),
      codes: [...new Set<string>(items.flatMap((item: any) => (item.adjustments ?? []).map((a: any) => a.code).filter(Boolean)))],
      payments: (order.payment_collections ?? [])
        .flatMap((pc: any) => pc?.payments ?? [])
        .map((p: any) => ({
          id: p.id,
          provider: p.provider_id,
          checkoutOrderId: p.data?.monobank_checkout?.checkout_order_id,
          capturedBy: (p.captures ?? []).map((capture: any) => capture?.created_by ?? null),
        })),
      garmentOpen: open ? sum(items.filter((item: any) => garment.has(item.variant_id)).map((item: any) => Number(item.quantity))) : 0,
    }
  })
}

async function cartNow(world: World, cartId: string) {
  const query = world.container().resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "cart", fields: ["total", "shipping_total", "items.quantity"], filters: { id: cartId } })
  const cart = data[0] as any
  const goods = totalKopecks(MathBN.sub(cart?.total ?? 0, cart?.shipping_total ?? 0))
  return { goods, count: sum((cart?.items ?? []).map((item: any) => Number(item.quantity))), lines: await cartLines(world, cartId) }
}

export function carriersOf(cart: CartFacts, bank: BankCheckout) {
  return cart.orders.flatMap((order) => order.payments.filter((p) => p.checkoutOrderId === bank.orderId).map((payment) => ({ order, payment })))
}

/**
 * Ends a sequence's part in the scheduled checkout reconcile: its carts' checkout records are dated
 * back beyond the reconcile's window (11 days), so later sequences do not re-read them again and again.
 */
export async function retireCheckoutOrders(world: World, cartIds: string[]): Promise<void> {
  if (cartIds.length === 0) return
  await knexOf(world).raw(`UPDATE monobank_checkout_order SET created_at = created_at - interval '12 days' WHERE cart_id = ANY(?)`, [cartIds])
}
