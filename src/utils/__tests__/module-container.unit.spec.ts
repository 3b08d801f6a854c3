import { createMedusaContainer, Modules } from "@medusajs/framework/utils"
import { asFunction, asValue } from "@medusajs/framework/awilix"
import { MONOBANK_CHECKOUT_MODULE } from "../../modules/monobank-checkout"
import { MONOBANK_SESSION_PAYMENTS_MODULE } from "../../modules/monobank-session-payments"
import { MONOBANK_SETTINGS_MODULE } from "../../modules/monobank-settings"
import { MONOBANK_WALLET_TOKENS_MODULE } from "../../modules/monobank-wallet-tokens"
import { MONOBANK_WITHDRAWALS_MODULE } from "../../modules/monobank-withdrawals"
import { missingPaymentDependencies, MONOBANK_PAYMENT_DEPENDENCIES, optionalFromCradle, requirePaymentDependencies } from "../module-container"

/** The payment module's container as Medusa builds it: each listed dependency resolved lazily from the application, unregistered ones as undefined. */
function paymentModuleContainer(listed: readonly string[], application: Record<string, unknown> = {}) {
  const container = createMedusaContainer()
  for (const key of listed) container.register(key, asFunction(() => application[key]))
  return container
}

describe("how providers reach their modules through the payment module's container", () => {
  it("lists every module of the plugin a provider uses", () => {
    expect(MONOBANK_PAYMENT_DEPENDENCIES).toEqual(
      expect.arrayContaining([
        MONOBANK_SESSION_PAYMENTS_MODULE,
        MONOBANK_SETTINGS_MODULE,
        MONOBANK_CHECKOUT_MODULE,
        MONOBANK_WALLET_TOKENS_MODULE,
        MONOBANK_WITHDRAWALS_MODULE,
        Modules.PAYMENT,
        Modules.LOCKING,
      ])
    )
  })

  it("names the dependencies a store left out of the payment module, and refuses the provider with them", () => {
    const partial = paymentModuleContainer([Modules.PAYMENT, Modules.LOCKING])
    expect(missingPaymentDependencies(partial.cradle)).toEqual(MONOBANK_PAYMENT_DEPENDENCIES.filter((key) => key !== Modules.PAYMENT && key !== Modules.LOCKING))
    expect(() => requirePaymentDependencies(partial.cradle, "monobank provider")).toThrow(/does not list "order", "query", "monobankSessionPayments"/)
  })

  it("accepts a container that lists them all, even before the application has registered each module", () => {
    const complete = paymentModuleContainer(MONOBANK_PAYMENT_DEPENDENCIES)
    expect(missingPaymentDependencies(complete.cradle)).toEqual([])
    expect(() => requirePaymentDependencies(complete.cradle, "monobank provider")).not.toThrow()
  })

  it("reads a module from a container or its cradle alike, and undefined where it is not registered", () => {
    const ledger = { name: "ledger" }
    const container = createMedusaContainer()
    container.register(MONOBANK_SESSION_PAYMENTS_MODULE, asValue(ledger))
    expect(optionalFromCradle(container, MONOBANK_SESSION_PAYMENTS_MODULE)).toBe(ledger)
    expect(optionalFromCradle(container.cradle, MONOBANK_SESSION_PAYMENTS_MODULE)).toBe(ledger)
    expect(optionalFromCradle(container, MONOBANK_SETTINGS_MODULE)).toBeUndefined()
    expect(optionalFromCradle({ [MONOBANK_SESSION_PAYMENTS_MODULE]: ledger }, MONOBANK_SESSION_PAYMENTS_MODULE)).toBe(ledger)
  })
})
