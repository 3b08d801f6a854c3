/**
 * A shopper buys through mono checkout: the storefront sends the cart to the bank, the bank's page
 * quotes delivery (and the promo codes the shopper applies) with the store, the cart may change
 * between that quote and the payment, and the shopper pays by card, on delivery or in installments
 * (once, twice at once, or later: the page left open). A checkout cart is its own kind (a shipped
 * garment, see ./checkout-world), made by the first `monoCheckout` on its label; on a cart another
 * command made, it does nothing. What must hold afterwards: ./checkout-ledger.
 */
import fc from "fast-check"
import { ModelCommand, label, note, type Model, type Run } from "./command-base"
import { applyCode, describePage, openPage, payOnOpenPage, sendToCheckout, setQuantity, type CheckoutPaymentMethod, type PageAnswer } from "./checkout-page"
import { checkoutRunOf, type CheckoutCartState } from "./checkout-run"
import { cartLines, CHECKOUT_CODES, garmentLine, garmentReservations, newCheckoutCart, newLimitOneCode, promotionUse, COUNTED_SHARED_CODES, type ModelDeliveryMethod } from "./checkout-world"
import { brief, type ModelCart } from "./store-world"

export const CHECKOUT_PAYMENTS = ["card", "payment_on_delivery", "part_purchase"] as const satisfies readonly CheckoutPaymentMethod[]

type Promo = {
  /** The cart is of the size the automatic promotion discounts (when this command makes it). */
  automaticCart: boolean
  delivery: ModelDeliveryMethod
  /** The codes the shopper applies on the page, in order; the last one the store took is typed when paying. */
  codes: (run: Run) => Promise<string[]>
}

const codes = (...typed: string[]) => async () => typed

export const CHECKOUT_PROMOS = {
  none: { automaticCart: false, delivery: "courier", codes: codes() },
  // One code per sequence, with a usage limit of 1: every cart of the sequence that applies it competes for it.
  "limit-1": { automaticCart: false, delivery: "courier", codes: async (run) => [await limitOneCodeOf(run)] },
  // 60 off, and np_brnm delivery costs 60: what the bank collects is the goods' price, as with no code and free delivery.
  "same-as-delivery": { automaticCart: false, delivery: "np_brnm", codes: codes(CHECKOUT_CODES.sameAsDelivery) },
  automatic: { automaticCart: true, delivery: "courier", codes: codes(CHECKOUT_CODES.plain) },
  // Both are accepted; the shopper pays with the second, and the bank's amount fits either.
  "twin-codes": { automaticCart: false, delivery: "courier", codes: codes(...CHECKOUT_CODES.twins) },
} as const satisfies Record<string, Promo>
export type CheckoutPromo = keyof typeof CHECKOUT_PROMOS

type Shopper = { run: Run; cart: ModelCart; state: CheckoutCartState; redirectUrl: string }

type Change = {
  /** Before the cart is sent to the bank. */
  beforeSending?: (run: Run, cart: ModelCart) => Promise<void>
  /** After the page quoted delivery and codes, before the shopper pays. */
  beforePaying?: (shopper: Shopper) => Promise<void>
  /** How many times the shopper submits the page's form at once (0: leaves the page open, pays in a later command). */
  submits: 0 | 1 | 2
}

/** Courier delivery is free from 2000 UAH: one garment (1234.56) pays for it, two do not. */
export const CHECKOUT_CHANGES = {
  none: { submits: 1 },
  "add-item": { beforePaying: ({ run, cart }) => changeQuantity(run, cart, +1), submits: 1 },
  "remove-item": {
    beforeSending: async (run, cart) => {
      if ((await garmentLine(run.world, cart.id))?.quantity === 1) await changeQuantity(run, cart, +1)
    },
    beforePaying: ({ run, cart }) => changeQuantity(run, cart, -1),
    submits: 1,
  },
  // The page quotes the grown cart (free courier), then the cart is as it was sent: the quote for it stands.
  "add-requote-remove": {
    beforePaying: async ({ run, cart, redirectUrl }) => {
      await changeQuantity(run, cart, +1)
      note(run, `${cart.label}: the shopper reloads the checkout page (it asks the store again) -> ${describePage(await openPage(redirectUrl))}`)
      await changeQuantity(run, cart, -1)
    },
    submits: 1,
  },
  "pays-twice": { submits: 2 },
  "leaves-page-open": { submits: 0 },
} as const satisfies Record<string, Change>
export type CheckoutChange = keyof typeof CHECKOUT_CHANGES

async function limitOneCodeOf(run: Run): Promise<string> {
  const state = checkoutRunOf(run)
  state.limitOneCode ??= await newLimitOneCode(run.world)
  return state.limitOneCode
}

async function changeQuantity(run: Run, cart: ModelCart, by: number) {
  const line = await garmentLine(run.world, cart.id)
  if (!line || line.quantity + by < 1) return note(run, `${cart.label}: no garment line to change`)
  const answer = await setQuantity(run.world, cart, line.id, line.quantity + by)
  note(run, `${cart.label}: the shopper sets the garment to ${line.quantity + by} -> ${brief(answer)}`)
}

/** The cart if it is a checkout cart (made now when no command made it yet); undefined for a cart of another kind. */
async function checkoutCartOf(run: Run, c: number, automatic: boolean): Promise<{ cart: ModelCart; state: CheckoutCartState } | undefined> {
  const checkout = checkoutRunOf(run)
  checkout.before ??= {
    use: await promotionUse(run.world, COUNTED_SHARED_CODES),
    reservationIds: new Set((await garmentReservations(run.world)).map((r) => r.id)),
  }
  if (run.carts[c] && !checkout.carts.has(c)) return undefined
  if (!run.carts[c]) {
    run.carts[c] = await newCheckoutCart(run.world, label(c), { automatic })
    checkout.carts.set(c, { acceptedCodes: new Set() })
  }
  return { cart: run.carts[c]!, state: checkout.carts.get(c)! }
}

export class MonoCheckout extends ModelCommand {
  constructor(readonly c: number, readonly payment: CheckoutPaymentMethod, readonly promo: CheckoutPromo, readonly change: CheckoutChange) {
    super()
  }

  run(_m: Model, run: Run) {
    return run.world.timings.time("mono checkout (the command)", () => this.act(run))
  }

  private async act(run: Run) {
    const promo: Promo = CHECKOUT_PROMOS[this.promo]
    const change: Change = CHECKOUT_CHANGES[this.change]
    const found = await checkoutCartOf(run, this.c, promo.automaticCart)
    if (!found) return note(run, `${label(this.c)}: not a mono checkout cart`)
    const { cart, state } = found
    await change.beforeSending?.(run, cart)
    const redirectUrl = await this.send(run, cart, state)
    if (!redirectUrl) return
    note(run, `${cart.label}: the shopper opens the checkout page (it asks the store for delivery prices) -> ${describePage(await openPage(redirectUrl))}`)
    let typed = ""
    for (const code of await promo.codes(run)) {
      const applied = await applyCode(redirectUrl, code)
      note(run, `${cart.label}: the shopper applies ${code} -> ${describePage(applied)}`)
      if (applied.status === 200) {
        typed = code
        state.acceptedCodes.add(code)
      }
    }
    await change.beforePaying?.({ run, cart, state, redirectUrl })
    if (change.submits === 0) return note(run, `${cart.label}: the shopper leaves the checkout page open`)
    const pay = (code: string) => payOnOpenPage(redirectUrl, { delivery: promo.delivery, payment: this.payment, code })
    const answers = await Promise.all(Array.from({ length: change.submits }, () => pay(typed)))
    note(run, `${cart.label}: the shopper pays (${this.payment}, ${promo.delivery}${typed ? `, code ${typed}` : ""})${change.submits > 1 ? " twice at once" : ""} -> ${answers.map(describePage).join(", ")}`)
    if (typed && answers.every(refusedCode)) {
      note(run, `${cart.label}: the shopper clears the code and pays -> ${describePage(await pay(""))}`)
    }
    // The bank's callbacks (unless held or dropped) are answered once the store has handled them.
    await run.world.control.flushWebhooks()
    await run.world.webhooks.quiet()
  }

  /** The page the storefront gets for the cart, or the one the shopper still has open when the store refuses to send it again. */
  private async send(run: Run, cart: ModelCart, state: CheckoutCartState): Promise<string | undefined> {
    const sent = await sendToCheckout(run.world, cart)
    const fresh = sent.status === 200 ? (sent.data?.redirect_url as string | undefined) : undefined
    note(run, `${cart.label}: the storefront sends the cart to mono checkout -> ${brief(sent)}${fresh ? ` ${fresh.split("/").pop()}` : ""}`)
    if (fresh && fresh !== state.redirectUrl) state.sentLines = await cartLines(run.world, cart.id)
    state.redirectUrl = fresh ?? state.redirectUrl
    if (!fresh && state.redirectUrl) note(run, `${cart.label}: the shopper goes back to the checkout page still open`)
    return state.redirectUrl
  }

  toString() {
    return `${label(this.c)}.monoCheckout(${this.payment}, ${this.promo}, ${this.change})`
  }
}

const refusedCode = (answer: PageAnswer) => answer.status === 400 && !!answer.message?.startsWith("promo_code")

export const CHECKOUT_GRAMMAR: Array<[RegExp, (m: RegExpMatchArray) => ModelCommand]> = [
  [
    /^cart([1-3])\.monoCheckout\(([\w-]+), ([\w-]+), ([\w-]+)\)$/,
    (m) => new MonoCheckout(Number(m[1]) - 1, oneOf(m[2], CHECKOUT_PAYMENTS, "payment"), oneOf(m[3], keys(CHECKOUT_PROMOS), "promo"), oneOf(m[4], keys(CHECKOUT_CHANGES), "change")),
  ],
]

const keys = <T extends string>(record: Record<T, unknown>) => Object.keys(record) as T[]

function oneOf<T extends string>(value: string, allowed: readonly T[], what: string): T {
  if (!(allowed as readonly string[]).includes(value)) throw new Error(`${what}: "${value}" is not one of ${allowed.join(", ")}`)
  return value as T
}

/** Plain payments and the change-back case (a quote for another cart than the one paid) come up more often. */
export const monoCheckoutArbitrary: fc.Arbitrary<ModelCommand> = fc
  .tuple(
    fc.integer({ min: 0, max: 2 }),
    fc.constantFrom(...CHECKOUT_PAYMENTS),
    fc.constantFrom(...keys(CHECKOUT_PROMOS)),
    fc.constantFrom<CheckoutChange>("none", "none", "add-item", "remove-item", "add-requote-remove", "add-requote-remove", "pays-twice", "leaves-page-open")
  )
  .map(([c, payment, promo, change]) => new MonoCheckout(c, payment, promo, change))
