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
