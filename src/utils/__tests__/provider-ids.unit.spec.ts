import { MonobankProviderService } from "../../providers/monobank/service"
import { MonobankInstallmentsProviderService } from "../../providers/monobank-installments/service"
import { MonobankOnDeliveryProviderService } from "../../providers/monobank-on-delivery/service"
import {
  CARD_PROVIDER_PREFIX,
  INSTALLMENTS_PROVIDER_PREFIX,
  ON_DELIVERY_PROVIDER_PREFIX,
  PAYMENT_PROVIDER_IDENTIFIERS,
  PLUGIN_PROVIDER_PREFIX,
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
})
