/**
 * Paying on the store's own page (card details, Apple Pay, Google Pay) for one card provider, as
 * the plugin's store routes and the provider itself use it. A route builds it from its own
 * container and the provider's options in medusa-config (`StorePage.of`): it needs no provider
 * instance, so there is no registry of instances and nothing asks Medusa to construct one.
 */
import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { parseMonobankOptions } from "../../utils/acquiring/options"
import { acquiringClientFor } from "../../utils/effective-settings"
import { mergeSessionData } from "../../utils/medusa-internals"
import { cradleOf, type ModuleScope } from "../../utils/module-container"
import { monobankProviderOptions } from "../../utils/monobank-configuration"
import { CARD_PROVIDER_PREFIX, unprefixedProviderId } from "../../utils/provider-ids"
import { sessionMoneyFor, type SessionMoney } from "../../utils/session-money"
import { hookUrlOf } from "../hook-address"
import type { ProviderDeps } from "./deps"
import type { ChargeDeps } from "./saved-card-charge"
import { payOnStorePage, type StorePageMethod, type StorePageOutcome, type StorePageSession } from "./store-page-payment"
import { depsWithStoredSettings } from "./stored-settings"
import { ApplePayMerchantValidationError, googlePayPublicKey, requestApplePayMerchantSession } from "./wallets"
import { walletTokenClaimsOf } from "./wallets/token-replay"

const CARD_PROVIDER_ID = new RegExp(`^${CARD_PROVIDER_PREFIX}[\\w-]+$`)

/** What a charge of one card provider works with, in the scope given: its deps, the ledger, its hook URL and wallet-token claims. */
export function chargeDepsIn(scope: ModuleScope, deps: ProviderDeps, money: SessionMoney, webHookUrl: string): ChargeDeps {
  return {
    ...deps,
    ledger: money.ledger,
    webHookUrl,
    showInSession: async (sessionId, facts) => void (await mergeSessionData(cradleOf(scope), sessionId, facts, { live: true })),
    walletTokens: walletTokenClaimsOf(scope),
  }
}

export class StorePage {
  constructor(
    private readonly deps: ProviderDeps,
    private readonly charge: () => { deps: ChargeDeps; money: SessionMoney }
  ) {}

  /** The store page of card provider `providerId` (`pp_monobank_<id>`), from a route's container. */
  static async of(scope: MedusaContainer, providerId: string): Promise<StorePage> {
    if (!CARD_PROVIDER_ID.test(providerId)) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "provider_id: expected a monobank card provider (pp_monobank_<id>)")
    }
    const raw = monobankProviderOptions(scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE), providerId)
    if (!raw) throw new MedusaError(MedusaError.Types.NOT_FOUND, `provider_id: no monobank card provider ${providerId} in this store`)
    const options = parseMonobankOptions(raw)
    const logger = scope.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
    const deps = await depsWithStoredSettings(scope, { client: acquiringClientFor(scope, options), options, logger })
    const webHookUrl = hookUrlOf(cradleOf(scope), "monobank", unprefixedProviderId(providerId), deps.options, logger)!
    return new StorePage(deps, () => {
      const money = sessionMoneyFor(scope, logger)
      return { money, deps: chargeDepsIn(scope, deps, money, webHookUrl) }
    })
  }

  /** Which ways of paying on the store's own page this provider takes (public facts only). */
  options() {
    const { options } = this.deps
    const wallets = options.syncPayments
    return {
      direct_card: options.directCardPayments,
      sync_card: options.syncPayments,
      apple_pay:
        wallets && options.applePay
          ? { merchant_identifier: options.applePay.merchantIdentifier, display_name: options.applePay.displayName }
          : null,
      google_pay:
        wallets && options.googlePay
          ? {
              merchant_id: options.googlePay.merchantId,
              merchant_name: options.googlePay.merchantName ?? null,
              environment: options.googlePay.environment,
              public_key: googlePayPublicKey(options.googlePay),
            }
          : null,
    }
  }

  /** Apple Pay merchant validation for the storefront's `onvalidatemerchant` (Apple's merchant session object). */
  async applePayMerchantSession(validationUrl: unknown): Promise<Record<string, unknown>> {
    const { options } = this.deps
    if (!options.syncPayments || !options.applePay) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "applePay: this store does not take Apple Pay (option `applePay` is not set)")
    }
    try {
      return await requestApplePayMerchantSession(options.applePay, validationUrl)
    } catch (error) {
      if (error instanceof ApplePayMerchantValidationError) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, error.message)
      throw error
    }
  }

  /**
   * Pays session `session` with card details or a wallet taken on the store's own page. The amount
   * is the session's as Medusa keeps it; refused when the session is not waiting for such a
   * payment (its rows say so, not its data).
   */
  async pay(session: StorePageSession, method: StorePageMethod): Promise<StorePageOutcome> {
    const { deps, money } = this.charge()
    return payOnStorePage(deps, money, session, method)
  }
}
