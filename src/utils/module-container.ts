/**
 * What a provider can reach from the payment module's container. Medusa hands a provider that
 * container (its `cradle`), where an unregistered key throws; and it lists the locking module
 * there only when the store names it in the payment module's `dependencies`.
 */
import type { ILockingModule } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"

export type Cradle = Record<string, unknown>

/** `cradle[key]`, or undefined when the container has no such registration. */
export function optionalFromCradle<T>(cradle: Cradle, key: string): T | undefined {
  try {
    return cradle[key] as T | undefined
  } catch {
    return undefined
  }
}

/**
 * Medusa's locking module: the payment module's own when it has one, else the application's. Its
 * locks hold across servers only with a shared (Redis or PostgreSQL) locking provider. Throws,
 * saying that `refusal` happened, when there is none: a money path must not run unlocked.
 */
export function lockingModuleOf(cradle: Cradle, refusal: string): Pick<ILockingModule, "execute"> {
  const own = optionalFromCradle<ILockingModule>(cradle, Modules.LOCKING)
  if (own) return own
  const shared = fromApplication<ILockingModule>(Modules.LOCKING)
  if (!shared) {
    throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, `monobank: Medusa's locking module is not available; ${refusal}`)
  }
  return shared
}

/**
 * A module of the application (e.g. the order module), which a provider's own container does not
 * list; undefined when the provider runs without a Medusa application (a module test).
 */
export function fromApplication<T>(key: string): T | undefined {
  try {
    // Required lazily: the framework's entry point is loaded by the application, not by this file.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { container } = require("@medusajs/framework") as typeof import("@medusajs/framework")
    return container.resolve<T | undefined>(key, { allowUnregistered: true }) ?? undefined
  } catch {
    return undefined
  }
}
