/** Payment module container keys of this provider: `pp_monobank-installments_<id>`. */
export { INSTALLMENTS_PROVIDER_PREFIX } from "../../../utils/provider-ids"

/**
 * Session statuses that can still change at the bank and have no Medusa payment yet
 * (`pending_authorization`: an order placed before the shopper's approval).
 */
export const OPEN_SESSION_STATUSES: readonly string[] = ["pending", "requires_more", "pending_authorization"]

/** A storefront's polls read the bank for one session at most once within this time, across servers. */
export const POLL_READ_INTERVAL_MS = 5_000
