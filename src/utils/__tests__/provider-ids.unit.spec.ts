import { MonobankProviderService } from "../../providers/monobank/service"
import { MonobankInstallmentsProviderService } from "../../providers/monobank-installments/service"
import { MonobankOnDeliveryProviderService } from "../../providers/monobank-on-delivery/service"
import {
  CARD_PROVIDER_PREFIX,
  INSTALLMENTS_PROVIDER_PREFIX,
  isPaymentSessionId,
  ON_DELIVERY_PROVIDER_PREFIX,
  PAYMENT_PROVIDER_IDENTIFIERS,
  PLUGIN_PROVIDER_PREFIX,
  providerKindOf,
  unprefixedProviderId,
} from "../provider-ids"

describe("payment provider ids", () => {
  it("use the identifiers the providers register with", () => {
    expect(MonobankProviderService.identifier).toBe(PAYMENT_PROVIDER_IDENTIFIERS.card)
    expect(MonobankInstallmentsProviderService.identifier).toBe(PAYMENT_PROVIDER_IDENTIFIERS.installments)
    expect(MonobankOnDeliveryProviderService.identifier).toBe(PAYMENT_PROVIDER_IDENTIFIERS.onDelivery)
  })

  it("tell card ids from installment ids, and all of them from other plugins' ids", () => {
    expect("pp_monobank_monobank".startsWith(CARD_PROVIDER_PREFIX)).toBe(true)
    expect("pp_monobank-installments_monobank-installments".startsWith(CARD_PROVIDER_PREFIX)).toBe(false)
    expect("pp_monobank-installments_x".startsWith(INSTALLMENTS_PROVIDER_PREFIX)).toBe(true)
    expect("pp_monobank-on-delivery_x".startsWith(ON_DELIVERY_PROVIDER_PREFIX)).toBe(true)
    for (const id of ["pp_monobank_a", "pp_monobank-installments_b", "pp_monobank-on-delivery_c"]) {
      expect(id.startsWith(PLUGIN_PROVIDER_PREFIX)).toBe(true)
    }
    expect("pp_stripe_stripe".startsWith(PLUGIN_PROVIDER_PREFIX)).toBe(false)
  })

  it("name the kind of a provider id, with or without Medusa's pp_", () => {
    expect(providerKindOf("pp_monobank_monobank")).toBe("card")
    expect(providerKindOf("monobank_monobank")).toBe("card")
    expect(providerKindOf("pp_monobank-installments_monobank-installments")).toBe("installments")
    expect(providerKindOf("monobank-installments_parts")).toBe("installments")
    expect(providerKindOf("pp_monobank-on-delivery_monobank-on-delivery")).toBe("on_delivery")
    expect(providerKindOf("monobank-on-delivery_x")).toBe("on_delivery")
    // The id after the identifier may hold underscores of its own.
    expect(providerKindOf("pp_monobank_shop_two")).toBe("card")
  })

  it("name no kind for other providers, bare identifiers and non-strings", () => {
    for (const id of ["pp_stripe_stripe", "pp_system_default", "pp_monobankx_a", "pp_monobank", "monobank", "pp_constructor_x", "toString_x", "", "pp_"]) {
      expect(providerKindOf(id)).toBeUndefined()
    }
    for (const value of [undefined, null, 42, { id: "pp_monobank_monobank" }]) expect(providerKindOf(value)).toBeUndefined()
  })

  it("drop only a leading pp_", () => {
    expect(unprefixedProviderId("pp_monobank_monobank")).toBe("monobank_monobank")
    expect(unprefixedProviderId("monobank_pp_x")).toBe("monobank_pp_x")
  })

  it("tell Medusa payment session ids from anything else", () => {
    expect(isPaymentSessionId("payses_01JABC")).toBe(true)
    for (const value of ["pay_01JABC", "payses", "cart_payses_1", "", undefined, null, 7]) expect(isPaymentSessionId(value)).toBe(false)
  })
})
