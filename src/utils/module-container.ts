/**
 * How the plugin's code reaches Medusa's and its own modules: always through the container it was
 * handed, never the framework's global one. Workflows, routes, subscribers and jobs pass their
 * container; a provider passes the payment module's container (its `cradle`), which Medusa hands it and
 * where a key is registered only when the store lists it in the payment module's `dependencies`
 * (`MONOBANK_PAYMENT_DEPENDENCIES`, checked when a provider is built).
 */
import type { ILockingModule } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"

export type Cradle = Record<string, unknown>

/** A container (a workflow's, a route's `req.scope`) or its cradle (what Medusa hands a provider). */
export type ModuleScope = Cradle | { cradle: Cradle; hasRegistration(key: string): boolean }

/** The cradle of a container, or the cradle itself (a cradle's `in` asks about registrations, so it never claims `hasRegistration`). */
export function cradleOf(scope: ModuleScope): Cradle {
  return "hasRegistration" in scope && typeof scope.hasRegistration === "function" ? (scope.cradle as Cradle) : (scope as Cradle)
}

/** The registration `key` of the scope, or undefined when it has none. */
export function optionalFromCradle<T>(scope: ModuleScope, key: string): T | undefined {
  try {
    return cradleOf(scope)[key] as T | undefined
  } catch {
    return undefined
  }
}

/**
 * What the plugin's payment providers reach from the payment module's container: a store lists
 * these in the payment module's `dependencies` in medusa-config (docs/configuration). Medusa
 * resolves each from the application when a provider asks.
 */
export const MONOBANK_PAYMENT_DEPENDENCIES = [
  Modules.PAYMENT,
  Modules.LOCKING,
  Modules.ORDER,
  ContainerRegistrationKeys.QUERY,
  "monobankSessionPayments",
  "monobankSettings",
  "monobankCheckout",
  "monobankWalletTokens",
  "monobankWithdrawals",
] as const

/**
 * The dependencies a provider's container does not list. A container that throws on an unknown key
 * (Medusa's) tells; a plain object (a unit test's stand-in) lists nothing missing.
 */
export function missingPaymentDependencies(cradle: Cradle): string[] {
  return MONOBANK_PAYMENT_DEPENDENCIES.filter((key) => {
    try {
      void cradle[key]
      return false
    } catch {
      return true
    }
  })
}

/** Throws, at start-up, naming what the store must add so the provider can reach its modules. */
export function requirePaymentDependencies(cradle: Cradle, provider: string): void {
  const missing = missingPaymentDependencies(cradle)
  if (!missing.length) return
  throw new MedusaError(
    MedusaError.Types.INVALID_DATA,
    `${provider}: the payment module does not list ${missing.map((key) => `"${key}"`).join(", ")} in its \`dependencies\`; ` +
      `register it as { resolve: "@medusajs/medusa/payment", dependencies: MONOBANK_PAYMENT_DEPENDENCIES, options: { providers: [...] } } ` +
      `(import MONOBANK_PAYMENT_DEPENDENCIES from "medusa-payment-monobank/payment-dependencies"; see the README)`
  )
}

/**
 * Medusa's locking module. Its locks hold across servers only with a shared (Redis or PostgreSQL)
 * locking provider. Throws, saying that `refusal` happened, when there is none: a money path must
 * not run unlocked.
 */
export function lockingModuleOf(cradle: ModuleScope, refusal: string): Pick<ILockingModule, "execute"> {
  const locking = optionalFromCradle<ILockingModule>(cradle, Modules.LOCKING)
  if (!locking) {
    throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, `monobank: Medusa's locking module is not available; ${refusal}`)
  }
  return locking
}
