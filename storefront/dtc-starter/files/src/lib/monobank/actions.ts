"use server"

// Server actions of the monobank checkout. They answer `{ error }` instead of throwing: Next.js
// hides the message of an error thrown by a server action in production builds, and the shopper
// must see the bank's reason.
import { sdk } from "@lib/config"
import { getAuthHeaders, getCacheTag, getCartId, removeCartId } from "@lib/data/cookies"
import { HttpTypes } from "@medusajs/types"
import { revalidateTag } from "next/cache"
import { MONOBANK_PROVIDERS } from "./payment-info"

export type MonobankOutcome =
  | { orderUrl: string }
  | { redirectUrl: string }
  | { declined: string }
  | { pending: true }
  | { error: string }

export type InstallmentProgress = {
  status: string
  final: boolean
  message: { uk: string; en: string } | null
  order: { id: string } | null
}

type Session = { id: string; provider_id: string; status: string; data?: Record<string, unknown> }

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

async function revalidate(...tags: string[]) {
  for (const tag of tags) revalidateTag(await getCacheTag(tag))
}

/** Starts (or restarts) the payment session of the cart with the given data. */
async function startSession(cart: HttpTypes.StoreCart, providerId: string, data: Record<string, unknown>) {
  const { payment_collection } = await sdk.store.payment.initiatePaymentSession(
    cart,
    { provider_id: providerId, data },
    {},
    await getAuthHeaders()
  )
  await revalidate("carts")
  return payment_collection?.payment_sessions?.find((s) => s.provider_id === providerId) as Session | undefined
}

/**
 * The order's confirmation page; the cart cookie goes, as the starter's placeOrder does, unless the
 * order was made from another cart (bought straight from a product page: the open cart stays).
 */
async function confirmed(order: HttpTypes.StoreOrder, cartId?: string): Promise<{ orderUrl: string }> {
  if (!cartId || (await getCartId()) === cartId) await removeCartId()
  await revalidate("carts", "orders")
  return { orderUrl: `/${order.shipping_address?.country_code?.toLowerCase() ?? ""}/order/${order.id}/confirmed` }
}

async function cartSession(cartId: string, providerId?: string): Promise<Session | undefined> {
  const { cart } = await sdk.client.fetch<{ cart: HttpTypes.StoreCart }>(`/store/carts/${cartId}`, {
    query: { fields: "id,completed_at,*payment_collection.payment_sessions" },
    headers: await getAuthHeaders(),
    cache: "no-store",
  })
  const sessions = (cart.payment_collection?.payment_sessions ?? []) as Session[]
  return providerId ? sessions.find((s) => s.provider_id === providerId) : sessions[0]
}

/**
 * Completes the cart. The bank's webhook may have completed it already: Medusa then answers the
 * same order. A declined card answers the bank's reason kept in the session (`failureReason`),
 * never Medusa's internal "was not authorized" message.
 */
export async function completeMonobankCart(): Promise<MonobankOutcome> {
  const cartId = await getCartId()
  if (!cartId) return { error: "Your cart is no longer here. If you paid, the order confirmation is in your email." }
  try {
    const result = await sdk.store.cart.complete(cartId, {}, await getAuthHeaders())
    if (result.type === "order") return confirmed(result.order)
  } catch {
    // A session the bank declined is refused by Medusa; its reason is read below.
  }
  // The webhook changed the session behind the starter's cached cart: the checkout must read it again.
  await revalidate("carts")
  const session = await cartSession(cartId).catch(() => undefined)
  if (session?.status === "error" || session?.status === "canceled") {
    return { declined: String(session.data?.failureReason ?? "The bank did not accept the payment.") }
  }
  if (session?.status === "requires_more" && typeof session.data?.pageUrl === "string") {
    return { redirectUrl: session.data.pageUrl }
  }
  return { pending: true }
}

/**
 * Card: a new session (the shopper's choice to save the card, or a saved card's id) and where to
 * go: the bank's payment page, or, for a saved card, the order placed without that page.
 */
export async function payByMonobankCard(
  cart: HttpTypes.StoreCart,
  providerId: string,
  choice: { saveCard?: boolean; paymentMethodId?: string }
): Promise<MonobankOutcome> {
  try {
    const data = choice.paymentMethodId ? { payment_method_id: choice.paymentMethodId } : choice.saveCard ? { save_card: true } : {}
    const session = await startSession(cart, providerId, data)
    if (!choice.paymentMethodId) {
      const pageUrl = session?.data?.pageUrl
      return typeof pageUrl === "string" ? { redirectUrl: pageUrl } : { error: "monobank did not open a payment page." }
    }
    return completeMonobankCart()
  } catch (error) {
    return { error: messageOf(error) }
  }
}

/**
 * Card form, Apple Pay, Google Pay: a new session that opens no payment page. The card details or
 * wallet token never pass through here; the browser sends them to the plugin's route itself.
 */
export async function startMonobankStorePagePayment(
  cart: HttpTypes.StoreCart,
  providerId: string
): Promise<{ sessionId: string } | { error: string }> {
  try {
    const session = await startSession(cart, providerId, { pay_on_store_page: true })
    return session ? { sessionId: session.id } : { error: "monobank did not start the payment." }
  } catch (error) {
    return { error: messageOf(error) }
  }
}

/**
 * Installments: a new session with the shopper's phone and number of payments; the bank pushes to
 * the app. `placeOrderNow`: the store places the order before the shopper's approval.
 */
export async function startMonobankInstallments(
  cart: HttpTypes.StoreCart,
  phone: string,
  partsCount: number
): Promise<{ sessionId: string; placeOrderNow: boolean } | { error: string }> {
  try {
    const session = await startSession(cart, MONOBANK_PROVIDERS.installments, { client_phone: phone, parts_count: partsCount })
    return session ? { sessionId: session.id, placeOrderNow: session.data?.place_order_now === true } : { error: "monobank did not start the installment purchase." }
  } catch (error) {
    return { error: messageOf(error) }
  }
}

/** Places the order before the shopper's approval; the page that waits for the app's answer. */
export async function placeMonobankInstallmentOrder(sessionId: string): Promise<{ awaitingUrl: string } | { error: string }> {
  const cartId = await getCartId()
  if (!cartId) return { error: "Your cart is no longer here." }
  try {
    const result = await sdk.store.cart.complete(cartId, {}, await getAuthHeaders())
    if (result.type !== "order") return { error: result.error?.message ?? "The order could not be placed." }
    await removeCartId()
    await revalidate("carts", "orders")
    const country = result.order.shipping_address?.country_code?.toLowerCase() ?? ""
    return { awaitingUrl: `/${country}/checkout/monobank/installment?session=${encodeURIComponent(sessionId)}` }
  } catch (error) {
    return { error: messageOf(error) }
  }
}

const APPROVED = ["authorized", "captured"]

/** One poll of the plugin's installment route; the order's confirmation page once the order is paid for. */
export async function pollMonobankInstallments(sessionId: string): Promise<InstallmentProgress & { orderUrl?: string }> {
  const { installment } = await sdk.client.fetch<{ installment: InstallmentProgress }>(
    `/store/monobank/installments/${sessionId}`,
    { cache: "no-store" }
  )
  if (!installment.order || !APPROVED.includes(installment.status)) return installment
  const { order } = await sdk.store.order.retrieve(installment.order.id, { fields: "id,*shipping_address" }, await getAuthHeaders())
  return { ...installment, ...(await confirmed(order)) }
}

/** The logged-in customer's saved cards for a card provider; null for a guest (who cannot save one). */
export async function listMonobankSavedCards(providerId: string): Promise<{ id: string; masked_pan: string | null }[] | null> {
  const headers = await getAuthHeaders()
  if (!("authorization" in headers)) return null
  return sdk.client
    .fetch<{ saved_cards: { id: string; masked_pan: string | null }[] }>("/store/monobank/saved-cards", {
      query: { provider_id: providerId },
      headers,
      cache: "no-store",
    })
    .then((r) => r.saved_cards)
    .catch(() => [])
}

/** mono checkout: sends the cart to monobank's checkout page (delivery and payment there). */
export async function startMonoCheckout(): Promise<MonobankOutcome> {
  const cartId = await getCartId()
  if (!cartId) return { error: "Your cart is empty." }
  try {
    const { redirect_url } = await sdk.client.fetch<{ redirect_url: string }>("/store/monobank/checkout", {
      method: "POST",
      body: { cart_id: cartId },
      headers: await getAuthHeaders(),
    })
    return { redirectUrl: redirect_url }
  } catch (error) {
    return { error: messageOf(error) }
  }
}

/**
 * "Buy with mono checkout" on a product page: the variant and quantity in a cart of their own (the
 * shopper's open cart stays as it is, and its cookie too), sent to monobank's checkout page.
 */
export async function buyNowWithMonoCheckout(regionId: string, variantId: string, quantity = 1): Promise<MonobankOutcome> {
  try {
    const headers = await getAuthHeaders()
    const { cart } = await sdk.store.cart.create({ region_id: regionId, items: [{ variant_id: variantId, quantity }] }, {}, headers)
    const { redirect_url } = await sdk.client.fetch<{ redirect_url: string }>("/store/monobank/checkout", {
      method: "POST",
      body: { cart_id: cart.id },
      headers,
    })
    return { redirectUrl: redirect_url }
  } catch (error) {
    return { error: messageOf(error) }
  }
}

/** After mono checkout: the order once the bank placed it, else what the bank says. */
export async function followMonoCheckout(cartId: string): Promise<MonobankOutcome> {
  try {
    const { checkout } = await sdk.client.fetch<{ checkout: { status: string; medusa_order_id?: string | null; error?: string | null } }>(
      `/store/monobank/checkout/${encodeURIComponent(cartId)}`,
      { cache: "no-store" }
    )
    if (checkout.medusa_order_id) {
      const { order } = await sdk.store.order.retrieve(checkout.medusa_order_id, { fields: "id,*shipping_address" }, await getAuthHeaders())
      return confirmed(order, cartId)
    }
    if (checkout.status === "failed" || checkout.status === "needs_attention") {
      return { declined: checkout.error ?? "monobank did not place the order." }
    }
    return { pending: true }
  } catch (error) {
    return { error: messageOf(error) }
  }
}
