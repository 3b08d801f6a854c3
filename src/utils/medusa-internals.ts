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

/**
 * Container keys of the registered providers of one kind: `pp_<identifier>_<id>`, or
 * `pp_<identifier>` for one registered without an id.
 */
function registrationKeys(cradle: Cradle, identifier: string): string[] {
  const keys = optionalFromCradle<unknown>(cradle, REGISTRATION_LIST)
  if (!Array.isArray(keys)) return []
  const own = `pp_${identifier}`
  return keys.filter((key): key is string => typeof key === "string" && (key === own || key.startsWith(`${own}_`)))
}

/**
 * The registered ids (`<identifier>_<id>`, as in Medusa's webhook route `/hooks/payment/<id>` and
 * its payment provider ids without `pp_`) of the providers of one kind.
 */
export function registeredProviderIds(cradle: Cradle, identifier: string): string[] {
  return registrationKeys(cradle, identifier).map((key) => key.slice("pp_".length))
}

/** The registered id (`<identifier>_<id>`) of `instance`, or undefined when it is not registered. */
export function registeredIdOf(cradle: Cradle, identifier: string, instance: object): string | undefined {
  const key = registrationKeys(cradle, identifier).find((candidate) => optionalFromCradle<object>(cradle, candidate) === instance)
  return key?.slice("pp_".length)
}
