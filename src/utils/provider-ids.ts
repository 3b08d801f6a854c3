/**
 * Medusa registers each payment provider as `pp_<identifier>_<id>`, `id` being the one given in
 * medusa-config. The identifiers of this plugin's payment providers and the prefixes of their ids,
 * named once for every route, workflow and job that must tell them apart.
 */

export const PAYMENT_PROVIDER_IDENTIFIERS = {
  card: "monobank",
  installments: "monobank-installments",
  onDelivery: "monobank-on-delivery",
} as const

/** `pp_<identifier>_`: what the ids of one kind of payment provider start with. */
export function paymentProviderPrefix(identifier: string): string {
  return `pp_${identifier}_`
}

/** Every payment provider of this plugin: `pp_monobank_`, `pp_monobank-installments_`, `pp_monobank-on-delivery_`. */
export const PLUGIN_PROVIDER_PREFIX = "pp_monobank"
/** Card providers only (`pp_monobank_<id>`, not `pp_monobank-installments_<id>`). */
export const CARD_PROVIDER_PREFIX = paymentProviderPrefix(PAYMENT_PROVIDER_IDENTIFIERS.card)
export const INSTALLMENTS_PROVIDER_PREFIX = paymentProviderPrefix(PAYMENT_PROVIDER_IDENTIFIERS.installments)
export const ON_DELIVERY_PROVIDER_PREFIX = paymentProviderPrefix(PAYMENT_PROVIDER_IDENTIFIERS.onDelivery)

/** The three kinds of payment this plugin's providers take. */
export type ProviderKind = "card" | "installments" | "on_delivery"

type ProviderIdentifier = (typeof PAYMENT_PROVIDER_IDENTIFIERS)[keyof typeof PAYMENT_PROVIDER_IDENTIFIERS]

const KIND_OF_IDENTIFIER = new Map<string, ProviderKind>(
  Object.entries({
    [PAYMENT_PROVIDER_IDENTIFIERS.card]: "card",
    [PAYMENT_PROVIDER_IDENTIFIERS.installments]: "installments",
    [PAYMENT_PROVIDER_IDENTIFIERS.onDelivery]: "on_delivery",
  } as const satisfies Record<ProviderIdentifier, ProviderKind>)
)

/**
 * A provider id without Medusa's `pp_`: `<identifier>_<id>`, as the webhook routes
 * (`/hooks/payment/<id>`, `/hooks/monobank/payment/<id>`) and their events name the provider.
 */
export function unprefixedProviderId(providerId: string): string {
  return providerId.replace(/^pp_/, "")
}

/**
 * Which of this plugin's providers an id belongs to (`pp_<identifier>_<id>` or, as webhook events
 * name it, `<identifier>_<id>`); undefined for any other provider or anything not an id.
 */
export function providerKindOf(providerId: unknown): ProviderKind | undefined {
  if (typeof providerId !== "string") return undefined
  const id = unprefixedProviderId(providerId)
  const end = id.indexOf("_")
  return end > 0 ? KIND_OF_IDENTIFIER.get(id.slice(0, end)) : undefined
}

/** Kinds of provider the bank notifies (payments on delivery have no notifications). */
const NOTIFIED_KIND = { card: true, installments: true, on_delivery: false } as const satisfies Record<ProviderKind, boolean>

/** Whether an id is one of this plugin's providers that the bank sends webhooks or callbacks to. */
export function isNotifiedProvider(providerId: unknown): boolean {
  const kind = providerKindOf(providerId)
  return !!kind && NOTIFIED_KIND[kind]
}

/** What Medusa's payment session ids start with. */
const PAYMENT_SESSION_ID_PREFIX = "payses_"

/** Whether a value is a Medusa payment session id (the reference this plugin gives the bank). */
export function isPaymentSessionId(id: unknown): id is string {
  return typeof id === "string" && id.startsWith(PAYMENT_SESSION_ID_PREFIX)
}
