/**
 * The one thing our providers read from Medusa that has no public way: the id a provider was
 * registered with in medusa-config. Medusa hands a provider only its options, yet the bank must be
 * told the webhook URL `/hooks/payment/<identifier>_<id>`. The payment module's provider loader
 * registers each provider in the module's container under `pp_<identifier>_<id>` and lists those
 * keys in `payment_providers`. Nothing else may read the container's private keys; the module spec
 * integration-tests/modules/provider-registration.spec.ts runs this against Medusa's real loader,
 * so a Medusa version that changes it fails there, loudly.
 */
import { optionalFromCradle, type Cradle } from "./module-container"

const REGISTRATION_LIST = "payment_providers"

/** Container keys (`pp_<identifier>_<id>`) of the registered providers of one kind. */
function registrationKeys(cradle: Cradle, identifier: string): string[] {
  const keys = optionalFromCradle<unknown>(cradle, REGISTRATION_LIST)
  if (!Array.isArray(keys)) return []
  const prefix = `pp_${identifier}_`
  return keys.filter((key): key is string => typeof key === "string" && key.startsWith(prefix))
}

/** The ids (`<id>` of `pp_<identifier>_<id>`) the providers of one kind were registered with. */
export function registeredProviderIds(cradle: Cradle, identifier: string): string[] {
  const prefix = `pp_${identifier}_`
  return registrationKeys(cradle, identifier).map((key) => key.slice(prefix.length))
}

/**
 * The id (`<identifier>_<id>`, as in Medusa's webhook route and payment provider ids, without
 * `pp_`) under which Medusa registered `instance`, or undefined when it is not registered.
 */
export function registeredIdOf(cradle: Cradle, identifier: string, instance: object): string | undefined {
  const key = registrationKeys(cradle, identifier).find((candidate) => optionalFromCradle<object>(cradle, candidate) === instance)
  return key?.slice("pp_".length)
}
