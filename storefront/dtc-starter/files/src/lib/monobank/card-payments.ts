// The plugin's card-payment routes, called from the shopper's browser with the publishable key
// (`call` is also used for the other public routes of the plugin, e.g. installment prices).
// Card numbers, CVV and wallet tokens go in the body of one request to the Medusa store and
// nowhere else: not through a server action, not into the payment session, never logged here.

const BACKEND_URL = process.env.NEXT_PUBLIC_MEDUSA_BACKEND_URL ?? "http://localhost:9000"
const PUBLISHABLE_KEY = process.env.NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY ?? ""

export type ApplePayOptions = { merchant_identifier: string; display_name: string }
export type GooglePayOptions = {
  merchant_id: string
  merchant_name: string | null
  environment: "TEST" | "PRODUCTION"
  /** The store's public key for Google's DIRECT tokenization. */
  public_key: string
}

/** What the store lets the shopper do on the checkout page itself (all off unless the store enables it). */
export type CardPaymentOptions = {
  direct_card: boolean
  sync_card: boolean
  apple_pay: ApplePayOptions | null
  google_pay: GooglePayOptions | null
}

export type CardPaymentResult = {
  status: "authorized" | "requires_more" | "pending" | "error"
  tds_url?: string
  message?: string
}

/** Card details as the form collects them: digits only, expiry as MMYY. */
export type CardDetails = { pan: string; exp: string; cvv: string }

export type SessionRef = { cart_id: string; payment_session_id: string }

export async function call<T>(path: string, init: { method?: "GET" | "POST"; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${BACKEND_URL}${path}`, {
    method: init.method ?? "GET",
    headers: {
      "x-publishable-api-key": PUBLISHABLE_KEY,
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    cache: "no-store",
  })
  const json = await response.json().catch(() => ({}))
  if (!response.ok) {
    // Medusa's error body: { type, message }; a 400 names the field ("cardData.exp: expected MMYY").
    throw new Error(typeof json?.message === "string" ? json.message : `The store answered ${response.status}.`)
  }
  return json as T
}

/** Failures of the request itself become an "error" result, so every caller handles one shape. */
async function pay(path: string, body: unknown): Promise<CardPaymentResult> {
  try {
    return await call<CardPaymentResult>(path, { method: "POST", body })
  } catch (error) {
    return { status: "error", message: error instanceof Error ? error.message : "The payment could not be sent." }
  }
}

export function fetchCardPaymentOptions(providerId: string): Promise<CardPaymentOptions> {
  return call(`/store/monobank/card-payments/options?provider_id=${encodeURIComponent(providerId)}`)
}

export function payWithCardDetails(session: SessionRef, cardData: CardDetails): Promise<CardPaymentResult> {
  return pay("/store/monobank/card-payments/direct", { ...session, cardData })
}

export function payWithApplePay(session: SessionRef, paymentData: unknown): Promise<CardPaymentResult> {
  return pay("/store/monobank/card-payments/sync", { ...session, applePay: { paymentData } })
}

export function payWithGooglePay(session: SessionRef, token: string): Promise<CardPaymentResult> {
  return pay("/store/monobank/card-payments/sync", { ...session, googlePay: { token } })
}

/** Apple's merchant session for `onvalidatemerchant`, asked by the store with its merchant identity. */
export function appleMerchantSession(providerId: string, validationUrl: string): Promise<unknown> {
  return call("/store/monobank/apple-pay/merchant-session", {
    method: "POST",
    body: { provider_id: providerId, validation_url: validationUrl },
  })
}
