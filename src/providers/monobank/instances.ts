/**
 * The card providers this process constructed, so the plugin's store routes (card details and
 * wallets on the store's own page) reach the provider a payment session belongs to. Medusa keeps
 * providers in the payment module's private container; only object references live here, never
 * payment state.
 */
type Registered = { registeredProviderId(): string | undefined }

const constructed = new Set<Registered>()

export function rememberInstance(instance: Registered): void {
  constructed.add(instance)
}

/** The provider registered as `providerId` (`pp_monobank_<id>`); the newest when a process booted twice. */
export function instanceFor<T extends Registered>(providerId: string): T | undefined {
  let found: Registered | undefined
  for (const instance of constructed) {
    if (`pp_${instance.registeredProviderId() ?? ""}` === providerId) found = instance
  }
  return found as T | undefined
}
