/**
 * mono checkout orders. Created orders wait for the shopper on the checkout page; completing it
 * pays by card (held when `hold`), accepts payment on delivery, or approves an installment purchase.
 * A held card payment not settled within 10 days fails. Each change calls back `callback_url`.
 */
import { inspectCard } from "../cards"
import type { Clock } from "../clock"
import { CHECKOUT_HOLD_LIFETIME_MS, TEST_CARDS } from "../constants"
import { HttpError, badRequest, notFound } from "../http-util"
import { hryvniaToKopecks, kopecksToHryvnia } from "../money"
import { askDeliveryPrices, DeliveryPriceError } from "./delivery-prices"
import { askPromoCode } from "./promo-codes"
import { newUuid } from "../ids"
import { DELIVERY_METHODS, type CheckoutCompletion, type CheckoutCreateBody } from "./schemas"

export type CheckoutStatusKey = "created" | "paid" | "held" | "declined" | "on_delivery" | "parts_approved" | "hold_expired"

/** generalStatus / payment_status / order_state per emulator status (assumed values, see README). */
export const CHECKOUT_STATUSES = {
  created: { generalStatus: "not_authorized", payment_status: "not_paid", order_state: 0 },
  held: { generalStatus: "in_process", payment_status: "hold", order_state: 1 },
  paid: { generalStatus: "success", payment_status: "success", order_state: 2 },
  parts_approved: { generalStatus: "success", payment_status: "approved", order_state: 2 },
  on_delivery: { generalStatus: "payment_on_delivery", payment_status: "accepted", order_state: 4 },
  declined: { generalStatus: "fail", payment_status: "failure", order_state: 3 },
  hold_expired: { generalStatus: "fail", payment_status: "reversed", order_state: 3 },
} as const satisfies Record<CheckoutStatusKey, { generalStatus: string; payment_status: string; order_state: number }>

export type CheckoutOrder = CheckoutCreateBody & {
  orderId: string
  createdAt: string
  status: CheckoutStatusKey
  completion?: Omit<CheckoutCompletion, "card"> & { client: NonNullable<CheckoutCompletion["client"]> }
  paidAt?: string
  maskedPan?: string
  holdExpiresAt?: string
  /** What the store quoted for the chosen delivery, hryvnia (0 when the page did not ask). */
  deliveryPrice?: number
  /** The latest price per method the page showed the shopper (hryvnia): what the shopper pays for that method. */
  shownDeliveryPrices?: Map<string, number>
  /** The promo code the store accepted on the page, and its discount (hryvnia). */
  promo?: { code: string; discount: number }
}

export type CheckoutOrdersDeps = {
  clock: Clock
  notify: (order: CheckoutOrder) => void
  /** The merchant's delivery-price address, if the merchant gave the bank one. */
  deliveryPriceUrl: () => string | undefined
  /** The merchant's promo-code address, if the merchant gave the bank one. */
  promoCodeUrl: () => string | undefined
}

/** What the shopper pays: the order's amount, less the promo code's discount, plus the delivery price, hryvnia. */
export function collectedAmount(order: Pick<CheckoutOrder, "amount" | "deliveryPrice" | "promo">): number {
  const kopecks = hryvniaToKopecks(order.amount) - hryvniaToKopecks(order.promo?.discount ?? 0) + hryvniaToKopecks(order.deliveryPrice ?? 0)
  return kopecksToHryvnia(kopecks)
}

const TEST_CLIENT = { first_name: "Тест", last_name: "Покупець", phoneNumber: "+380501234567", email: "buyer@example.com" }

export class CheckoutOrders {
  private readonly orders = new Map<string, CheckoutOrder>()
  private readonly byRef = new Map<string, string>()

  constructor(private readonly deps: CheckoutOrdersDeps) {}

  /** A repeated order_ref is refused, as public integrations report the bank does. */
  create(body: CheckoutCreateBody): CheckoutOrder {
    if (this.byRef.has(body.order_ref)) throw badRequest(`order_ref: an order with order_ref ${body.order_ref} already exists`)
    const order: CheckoutOrder = {
      ...body,
      dlv_method_list: body.dlv_method_list ?? [...DELIVERY_METHODS],
      payment_method_list: body.payment_method_list ?? ["card"],
      orderId: newUuid(),
      createdAt: this.deps.clock.iso(),
      status: "created",
    }
    this.orders.set(order.orderId, order)
    this.byRef.set(order.order_ref, order.orderId)
    return order
  }

  get(orderId: string): CheckoutOrder {
    const order = this.orders.get(orderId)
    if (!order) throw notFound(`checkout order ${orderId} not found`)
    return order
  }

  getByRef(orderRef: string): CheckoutOrder {
    const orderId = this.byRef.get(orderRef)
    if (!orderId) throw notFound(`no checkout order with order_ref ${orderRef}`)
    return this.get(orderId)
  }

  reset(): void {
    this.orders.clear()
    this.byRef.clear()
  }

  /**
   * The store's delivery prices for `methods` when the merchant gave a delivery-price address and
   * the shopper pays delivery (not `dlv_pay_merchant`); undefined otherwise. Throws a 400 that the
   * page shows when the store does not answer.
   */
  async deliveryPrices(order: CheckoutOrder, methods: string[], where: { phoneNumber?: string; city?: string; address?: string } = {}) {
    const url = this.deps.deliveryPriceUrl()
    if (!url || order.dlv_pay_merchant) return undefined
    try {
      const prices = await askDeliveryPrices(url, { orderRef: order.order_ref, methods, ...where })
      order.shownDeliveryPrices = new Map([...(order.shownDeliveryPrices ?? []), ...prices])
      return prices
    } catch (error) {
      if (error instanceof DeliveryPriceError) throw badRequest(`delivery: ${error.message}`)
      throw error
    }
  }

  /** Whether the page offers a promo-code field: the merchant gave the bank a promo-code address. */
  offersPromoCodes(): boolean {
    return this.deps.promoCodeUrl() !== undefined
  }

  /**
   * Asks the store about a code and takes its discount off, or throws a 400 the page shows; an
   * empty code removes the one applied. A code the store refuses leaves the order as it was.
   */
  async applyPromoCode(order: CheckoutOrder, code: string | undefined, phoneNumber?: string): Promise<void> {
    if (order.status !== "created") throw new HttpError(409, `checkout order ${order.orderId} is already completed`)
    const url = this.deps.promoCodeUrl()
    if (!code) {
      order.promo = undefined
      return
    }
    if (!url) throw badRequest("promo_code: this store takes no promo codes")
    const answer = await askPromoCode(url, { basket_id: order.order_ref, phone_number: phoneNumber, promo_code: code })
    if (!answer.applies) throw badRequest(`promo_code: ${code} is refused: ${answer.reason}`)
    if (hryvniaToKopecks(answer.discount) >= hryvniaToKopecks(order.amount)) throw badRequest(`promo_code: ${code} would leave nothing to pay`)
    order.promo = { code, discount: answer.discount }
  }

  async complete(order: CheckoutOrder, input: CheckoutCompletion): Promise<void> {
    if (order.status !== "created") throw new HttpError(409, `checkout order ${order.orderId} is already completed`)
    if (!order.dlv_method_list!.includes(input.delivery_method)) {
      throw badRequest(`delivery_method: ${input.delivery_method} is not offered for this order`)
    }
    if (!order.payment_method_list!.includes(input.payment_method)) {
      throw badRequest(`payment_method: ${input.payment_method} is not offered for this order`)
    }
    checkDeliveryDetails(input)
    if (input.promo_code !== undefined || order.promo) await this.applyPromoCode(order, input.promo_code, input.client?.phoneNumber)
    // The shopper pays the price the page showed for the method; the store is asked only when it showed none.
    const shown = order.dlv_pay_merchant ? undefined : order.shownDeliveryPrices?.get(input.delivery_method)
    const prices =
      shown === undefined
        ? await this.deliveryPrices(order, [input.delivery_method], {
            phoneNumber: input.client?.phoneNumber,
            city: input.delivery?.cityName,
            address: input.delivery?.branch_address ?? input.delivery?.address,
          })
        : new Map([[input.delivery_method, shown]])
    const deliveryPrice = prices ? prices.get(input.delivery_method) : 0
    if (deliveryPrice === undefined) throw badRequest(`delivery: the store gives no price for ${input.delivery_method} delivery`)
    // Another request may have completed the order while the store was asked.
    if (order.status !== "created") throw new HttpError(409, `checkout order ${order.orderId} is already completed`)
    order.deliveryPrice = deliveryPrice
    const now = this.deps.clock.iso()
    if (input.payment_method === "card") {
      const card = inspectCard(input.card ?? { pan: TEST_CARDS.visa, exp: "12/99", cvv: "123" }, new Date(this.deps.clock.nowMs()))
      if ("error" in card) throw badRequest(card.error)
      order.maskedPan = card.profile.maskedPan
      // the checkout page has no 3-D Secure step: the 3-D Secure test card pays
      const declined = card.profile.outcome.kind === "failure"
      order.status = declined ? "declined" : order.hold ? "held" : "paid"
    } else {
      order.status = input.payment_method === "payment_on_delivery" ? "on_delivery" : "parts_approved"
    }
    const { card: _card, ...completion } = input
    order.completion = { ...completion, client: input.client ?? TEST_CLIENT }
    order.paidAt = now
    if (order.status === "held") {
      const due = this.deps.clock.nowMs() + CHECKOUT_HOLD_LIFETIME_MS
      order.holdExpiresAt = new Date(due).toISOString()
      this.deps.clock.schedule(due, `checkout hold ${order.orderId}`, () => this.expireHold(order))
    }
    this.deps.notify(order)
  }

  /** What the merchant does in the business cabinet: charge a held card payment. */
  finalizeHold(order: CheckoutOrder): void {
    if (order.status !== "held") throw new HttpError(409, `checkout order ${order.orderId} is not held (${order.status})`)
    order.status = "paid"
    order.holdExpiresAt = undefined
    this.deps.notify(order)
  }

  private expireHold(order: CheckoutOrder): void {
    if (this.orders.get(order.orderId) !== order || order.status !== "held") return
    order.status = "hold_expired"
    this.deps.notify(order)
  }
}

type DeliveryField = keyof NonNullable<CheckoutCompletion["delivery"]>

/** What the page asks for each delivery method before it lets the shopper pay. */
const REQUIRED_DELIVERY_FIELDS = {
  pickup: [],
  courier: ["address"],
  np_brnm: ["branch_id", "branch_address"],
  np_box: ["branch_id", "branch_address"],
  np_cargo: ["branch_id", "branch_address"],
} as const satisfies Record<CheckoutCompletion["delivery_method"], readonly DeliveryField[]>

function checkDeliveryDetails(input: CheckoutCompletion): void {
  const delivery = input.delivery ?? {}
  for (const field of REQUIRED_DELIVERY_FIELDS[input.delivery_method]) {
    if (!delivery[field]) throw badRequest(`delivery.${field}: is required for ${input.delivery_method} delivery`)
  }
}
