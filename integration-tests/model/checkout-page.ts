/**
 * What a mono checkout shopper does, over real HTTP: the storefront sends the cart to the bank
 * (POST /store/monobank/checkout); on the bank's page (the emulator's) the shopper opens it (the
 * page asks the store what each delivery costs), applies promo codes (the page asks the store
 * about each), and pays by submitting the form of the page already open: the page charges the
 * delivery price it last showed and asks the store about the typed code once more.
 */
import { SHOPPER } from "../http/checkout-helpers"
import { TEST_CARDS } from "../../emulator"
import type { ModelDeliveryMethod } from "./checkout-world"
import { answered, type Answer, type ModelCart, type World } from "./store-world"

export type CheckoutPaymentMethod = "card" | "payment_on_delivery" | "part_purchase"

/** What the page asks for each delivery method before it lets the shopper pay. */
const DELIVERY_FIELDS = {
  courier: { cityName: "Київ", address: "вул. Велика Васильківська, 1, кв. 2" },
  np_brnm: { cityName: "Київ", areaName: "Київська", branch_id: "25", branch_address: "Київ, вул. Хрещатик, 22" },
} as const satisfies Record<ModelDeliveryMethod, Record<string, string>>

const CARD = { pan: TEST_CARDS.visa, exp: "12/30", cvv: "123" }

export type PageAnswer = { status: number; message?: string }

export function sendToCheckout(world: World, cart: ModelCart): Promise<Answer> {
  return world.timings.time("send to checkout", () => answered(world.api.post("/store/monobank/checkout", { cart_id: cart.id }, world.fx.store)))
}

/** The shopper sets the garment line's quantity (Medusa refreshes the cart and drops its payment sessions). */
export function setQuantity(world: World, cart: ModelCart, lineId: string, quantity: number): Promise<Answer> {
  return answered(world.api.post(`/store/carts/${cart.id}/line-items/${lineId}?fields=id,total`, { quantity }, world.fx.store))
}

async function pageAnswer(response: Response): Promise<PageAnswer> {
  const html = await response.text()
  const error = html.match(/<p class="error" role="alert">([^<]*)<\/p>/)?.[1]
  return { status: response.status, ...(error ? { message: decodeEntities(error) } : {}) }
}

const decodeEntities = (text: string) => text.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)))

/** The shopper opens (or reloads) the page: it asks the store for every method's delivery price. */
export async function openPage(redirectUrl: string): Promise<PageAnswer> {
  return pageAnswer(await fetch(redirectUrl))
}

/** "Apply code": the page asks the store whether the code applies (200 taken, 400 refused with why). */
export async function applyCode(redirectUrl: string, code: string): Promise<PageAnswer> {
  const body = new URLSearchParams({ intent: "apply_promo", promo_code: code, phoneNumber: SHOPPER.phoneNumber })
  return pageAnswer(await fetch(redirectUrl, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: body.toString() }))
}

/** "Place order" on the page already open: 303 paid (or placed), 400 refused with why, 409 already completed. */
export async function payOnOpenPage(redirectUrl: string, form: { delivery: ModelDeliveryMethod; payment: CheckoutPaymentMethod; code: string }): Promise<PageAnswer> {
  const fields = {
    ...SHOPPER,
    delivery_method: form.delivery,
    payment_method: form.payment,
    promo_code: form.code,
    ...DELIVERY_FIELDS[form.delivery],
    ...(form.payment === "card" ? CARD : {}),
  }
  const response = await fetch(redirectUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  })
  return pageAnswer(response)
}

export function describePage(answer: PageAnswer): string {
  return `${answer.status}${answer.message ? ` ${answer.message.slice(0, 140)}` : ""}`
}
