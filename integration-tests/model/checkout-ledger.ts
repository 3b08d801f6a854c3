/**
 * What must hold of mono checkout once the store has settled (facts: ./checkout-facts), beside
 * ./money-ledger (which counts the bank's checkout money with the cart's other bank money):
 * - a checkout order the bank placed (paid, approved, or to be paid on delivery) is carried by the
 *   cart's one order, or Needs attention names it and something the sequence did explains why no
 *   order could be made (the cart changed after it was sent, two codes with one discount were
 *   accepted, its limit-1 code is on another order); the owner then holds that money
 *   (`booksForMoneyComparison` leaves it out of the bank comparison);
 * - the order placed from it is what the bank charged: its total, its shipping (the bank's delivery
 *   price, which is the store's price for that delivery of those goods), the code the bank took off,
 *   the payment recorded by the payment method's provider; money collected on delivery is no bank
 *   money (left out of the comparison too), and only the owner marks it captured;
 * - each code's use grew by the sequence's orders that carry it; a limit-1 code is on one order at most;
 * - the garment is reserved by the sequence's open orders only (an undone placement leaves no reservation).
 * Amounts in kopecks.
 */
import { toMinorUnits } from "../../src/lib/monobank"
import type { CheckoutPaymentMethod } from "./checkout-page"
import { carriersOf, PLACED_AT_BANK, sum, type BankCheckout, type CartFacts, type CheckoutFacts, type PlacedOrder } from "./checkout-facts"
import { CHECKOUT_CODES, DELIVERY_PRICES, ON_DELIVERY_PROVIDER, storeDeliveryPrice, type ModelDeliveryMethod } from "./checkout-world"
import type { CartBooks } from "./money-ledger"
import { HOLD_PROVIDER, INSTALLMENTS_PROVIDER } from "./store-world"

/** The provider the store's mono checkout options record each payment method with. */
const PROVIDER_OF = {
  card: HOLD_PROVIDER,
  part_purchase: INSTALLMENTS_PROVIDER,
  payment_on_delivery: ON_DELIVERY_PROVIDER,
} as const satisfies Record<CheckoutPaymentMethod, string>

const ordersCarrying = (facts: CheckoutFacts, code: string) => facts.carts.flatMap((cart) => cart.orders).filter((order) => order.codes.includes(code))

/** Why a checkout order the bank placed may rightly have no Medusa order. */
const EXCUSES: Array<{ why: string; applies: (bank: BankCheckout, cart: CartFacts, facts: CheckoutFacts) => boolean }> = [
  { why: "the cart changed after it was sent to the bank", applies: (_bank, cart) => cart.now.lines !== cart.sentLines },
  {
    why: "two codes taking off the same were accepted on its page",
    applies: (bank, cart) => (CHECKOUT_CODES.twins as readonly string[]).includes(bank.promo ?? "") && CHECKOUT_CODES.twins.every((code) => cart.acceptedCodes.has(code)),
  },
  { why: "its limit-1 code is on another order", applies: (bank, _cart, facts) => !!bank.promo && bank.promo === facts.limitOneCode && ordersCarrying(facts, bank.promo).length > 0 },
  { why: "the cart is another order already", applies: (_bank, cart) => cart.orders.length > 0 },
]

/** What the sequence did that keeps the bank's order from being a Medusa order; undefined when nothing does. */
const excuseFor = (bank: BankCheckout, cart: CartFacts, facts: CheckoutFacts) => EXCUSES.find((excuse) => excuse.applies(bank, cart, facts))?.why

/** Every way the checkout facts break the rules above, in words; empty when they hold. */
export function checkoutViolations(facts: CheckoutFacts): string[] {
  return [...facts.carts.flatMap((cart) => cart.bank.flatMap((bank) => bankOrderViolations(cart, bank, facts))), ...useViolations(facts), ...stockViolations(facts)]
}

function bankOrderViolations(cart: CartFacts, bank: BankCheckout, facts: CheckoutFacts): string[] {
  const what = `${cart.label}: checkout order ${bank.orderId} (${bank.status}${bank.method ? `, ${bank.method}` : ""}, ${bank.collected} kopecks${bank.promo ? `, code ${bank.promo}` : ""})`
  const carriers = carriersOf(cart, bank)
  if (!PLACED_AT_BANK[bank.status]) return carriers.map(({ order }) => `${what} was not placed by the bank, yet order ${order.id} rests on it`)
  if (carriers.length === 0) {
    if (!cart.named.has(bank.orderId)) return [`${what}: the bank placed it, no order carries it, and Needs attention does not name it`]
    if (!excuseFor(bank, cart, facts)) {
      return [`${what}: Needs attention names it, but nothing the sequence did keeps it from being an order (the cart is as it was sent, no ambiguous or used-up code)`]
    }
    return []
  }
  return carriers.flatMap(({ order, payment }) => placedOrderViolations(`${what}, order ${order.id}`, bank, order, payment))
}

function placedOrderViolations(what: string, bank: BankCheckout, order: PlacedOrder, payment: PlacedOrder["payments"][number]): string[] {
  const violations: string[] = []
  const provider = bank.method && PROVIDER_OF[bank.method]
  if (payment.provider !== provider) violations.push(`${what}: its payment is recorded by ${payment.provider}, not ${provider}`)
  if (order.total !== bank.collected) violations.push(`${what}: the order's total is ${order.total}`)
  if (order.shipping !== bank.deliveryPrice) violations.push(`${what}: the order's shipping is ${order.shipping}, the bank charged ${bank.deliveryPrice} for delivery`)
  if (bank.delivery && bank.delivery in DELIVERY_PRICES) {
    const price = toMinorUnits(storeDeliveryPrice(bank.delivery as ModelDeliveryMethod, order.goods / 100), "UAH")
    if (bank.deliveryPrice !== price) violations.push(`${what}: ${bank.delivery} delivery of ${order.goods} kopecks of goods costs ${price}, the bank charged ${bank.deliveryPrice}`)
  }
  const codes = order.codes.filter((code) => code !== CHECKOUT_CODES.automatic)
  if (codes.join(",") !== (bank.promo ?? "")) violations.push(`${what}: the order carries code(s) ${codes.join(", ") || "none"}`)
  if (bank.method === "payment_on_delivery" && payment.capturedBy.some((by) => !by?.startsWith("user_"))) {
    violations.push(`${what}: its on-delivery payment was marked captured by ${payment.capturedBy.map((by) => by ?? "nobody named").join(", ")}, not by the owner`)
  }
  return violations
}

function useViolations(facts: CheckoutFacts): string[] {
  const violations: string[] = []
  for (const [code, grew] of facts.useGrew) {
    const carrying = ordersCarrying(facts, code)
    if (grew !== carrying.length) violations.push(`code ${code}: Medusa counted ${grew} use(s) in this sequence, ${carrying.length} order(s) carry it`)
    if (code === facts.limitOneCode && carrying.length > 1) violations.push(`limit-1 code ${code} is on ${carrying.length} orders: ${carrying.map((o) => o.id).join(", ")}`)
  }
  return violations
}

function stockViolations(facts: CheckoutFacts): string[] {
  const open = sum(facts.carts.flatMap((cart) => cart.orders.map((order) => order.garmentOpen)))
  const reserved = sum(facts.newReservations.map((r) => r.quantity))
  if (reserved === open) return []
  return [`the sequence left ${reserved} unit(s) of the garment reserved (${describeReservations(facts)}), its open orders hold ${open}`]
}

const describeReservations = (facts: CheckoutFacts) =>
  facts.newReservations.map((r) => `${r.quantity} for line ${r.line_item_id} of order ${r.order ?? "none"} (cart ${r.cart ?? "?"}) at ${r.created_at}`).join("; ") || "none"

/**
 * The books as ./money-ledger's bank comparison reads them: money collected on delivery is no
 * bank money, and a checkout order the bank placed that no order carries and Needs attention names
 * is the owner's to settle (checkoutViolations says whether it rightly has no order). What each
 * order holds, whoever holds it, stays as it is for ./order-ledger.
 */
export function booksForMoneyComparison(books: CartBooks[], facts: CheckoutFacts): CartBooks[] {
  const onDelivery = new Set(facts.carts.flatMap((cart) => cart.orders.flatMap((o) => o.payments)).filter((p) => p.provider === ON_DELIVERY_PROVIDER).map((p) => p.id))
  const owners = new Set(facts.carts.flatMap((cart) => [...cart.named].map((orderId) => `checkout:${orderId}`)))
  return books.map((cart) => {
    const sessions = cart.sessions.map((session) => {
      const payments = session.payments.map((p) => (owners.has(p.id) ? { ...p, kept: 0, state: `${p.state}, named in Needs attention` } : p))
      return { ...session, payments, kept: sum(payments.map((p) => p.kept)) }
    })
    const orders = cart.orders.map((order) => {
      const payments = order.payments.map((p) => (onDelivery.has(p.id) ? { ...p, shown: 0 } : p))
      return { ...order, payments, shown: sum(payments.map((p) => p.shown)) }
    })
    return { ...cart, sessions, orders, bankKept: sum(sessions.map((s) => s.kept)) }
  })
}

/** The checkout facts, readable, after ./money-ledger's books ("" when the sequence made no checkout cart). */
export function describeCheckout(facts: CheckoutFacts): string {
  if (facts.carts.length === 0) return ""
  const lines = facts.carts.flatMap((cart) => [
    `  ${cart.label} at mono checkout: goods now ${cart.now.goods} in ${cart.now.count} unit(s); codes accepted ${[...cart.acceptedCodes].join(", ") || "none"}`,
    ...cart.bank.map(
      (b) =>
        `    checkout order ${b.orderId}: ${b.status}${b.method ? ` ${b.method}` : ""}${b.delivery ? ` ${b.delivery} ${b.deliveryPrice}` : ""}${b.promo ? ` code ${b.promo}` : ""}, ` +
        `collected ${b.collected} for goods ${b.goods} in ${b.count} unit(s)${cart.named.has(b.orderId) ? `, named in Needs attention (${excuseFor(b, cart, facts) ?? "nothing explains it"})` : ""}`
    ),
    ...cart.orders.map(
      (o) => `    order ${o.id} (${o.status}): total ${o.total}, goods ${o.goods}, shipping ${o.shipping}, codes ${o.codes.join(", ") || "none"}, ${o.payments.map((p) => p.provider).join(", ")}`
    ),
  ])
  const use = [...facts.useGrew].filter(([, grew]) => grew !== 0).map(([code, grew]) => `${code} +${grew}`)
  return `\n${lines.join("\n")}\n  codes used in the sequence: ${use.join(", ") || "none"}; garment reserved: ${describeReservations(facts)}`
}
