/**
 * The `monobank` card payment provider (internet acquiring): the shopper pays on monobank's hosted
 * page (or with a saved card); Medusa authorizes, captures, refunds and cancels through the bank.
 * Each method is a thin adapter: the behaviour lives in the modules it calls, which get the call's
 * working set (`deps`) as a parameter. Card payments made on the mono checkout page are recorded by
 * the same provider: those sessions go to `checkoutPayments` (src/utils/checkout) at the top of each
 * payment method. Every other operation then takes `await this.currentDeps()`: the configured
 * options with the settings saved in the admin over them (./stored-settings).
 */
import type {
  AuthorizePaymentInput,
  AuthorizePaymentOutput,
  CancelPaymentInput,
  CancelPaymentOutput,
  CapturePaymentInput,
  CapturePaymentOutput,
  CreateAccountHolderInput,
  CreateAccountHolderOutput,
  DeleteAccountHolderInput,
  DeleteAccountHolderOutput,
  DeletePaymentInput,
  DeletePaymentMethodInput,
  DeletePaymentMethodOutput,
  DeletePaymentOutput,
  GetPaymentStatusInput,
  GetPaymentStatusOutput,
  InitiatePaymentInput,
  InitiatePaymentOutput,
  ListPaymentMethodsInput,
  ListPaymentMethodsOutput,
  Logger,
  ProviderWebhookPayload,
  RefundPaymentInput,
  RefundPaymentOutput,
  RetrieveAccountHolderInput,
  RetrieveAccountHolderOutput,
  RetrievePaymentInput,
  RetrievePaymentOutput,
  SavePaymentMethodInput,
  SavePaymentMethodOutput,
  UpdateAccountHolderInput,
  UpdateAccountHolderOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
} from "@medusajs/framework/types"
import { AbstractPaymentProvider, MathBN, MedusaError, PaymentSessionStatus } from "@medusajs/framework/utils"
import { AcquiringClient, CheckoutClient, createWebhookVerifier, type WebhookVerifier } from "../../lib/monobank"
import { captureInvoice, readInvoice, releaseInvoice } from "./capture"
import type { ProviderDeps } from "./deps"
import { parseMonobankOptions, type MonobankOptions } from "../../utils/acquiring/options"
import { applyStatus, foreignInputKeys, readMonobankData, sessionDataFor, type MonobankData } from "../../utils/acquiring/payment-data"
import { refundBookOf, withLock } from "../../utils/acquiring/refund-ledger"
import { refundInvoice } from "./refunds"
import { deleteSavedCard, emptyWallet, listSavedCards, requireWalletId } from "./saved-cards"
import { startPayment } from "./start-payment"
import { toBankAmount } from "../../utils/acquiring/invoice-amount"
import { SESSION_STATUS } from "../../utils/acquiring/status"
import { depsWithStoredSettings } from "./stored-settings"
import { adoptLostCharge } from "./charge-claim"
import { chargeSavedCard, readSavedCardPayment, type ChargeDeps } from "./saved-card-charge"
import { payOnStorePage, readStorePagePayment, type StorePageMethod, type StorePageOutcome } from "./store-page-payment"
import { rememberInstance } from "./instances"
import { ApplePayMerchantValidationError, googlePayPublicKey, requestApplePayMerchantSession } from "./wallets"
import { releaseForDeletedSession, replaceInvoice, startCardVerification } from "./session-changes"
import { registeredIdOf } from "../../utils/medusa-internals"
import { PAYMENT_PROVIDER_IDENTIFIERS } from "../../utils/provider-ids"
import {
  applicationPaymentModule,
  paymentStateOfSession,
  readCaptureRequest,
  readStoredState,
  type PaymentRecords,
} from "../../utils/medusa-payments"
import {
  CheckoutPayments,
  isCheckoutPayment,
  opensCheckoutPayment,
  withoutCheckoutPayment,
} from "../../utils/checkout/checkout-payments"
import { walletIdFor, walletIdOf } from "./wallet"
import { readWebhook, webhookKey } from "./webhook"
import { RecentResults } from "../../utils/recent-results"
import type { MonobankWebhookResult } from "../../utils/acquiring/webhook-facts"
import { VerifiedWebhooks } from "./verified-webhooks"

export const MONOBANK_IDENTIFIER = PAYMENT_PROVIDER_IDENTIFIERS.card

export class MonobankProviderService extends AbstractPaymentProvider<MonobankOptions> {
  static override identifier = MONOBANK_IDENTIFIER

  static override validateOptions(options: Record<string, unknown>): void {
    parseMonobankOptions(options)
  }

  protected readonly cradle: Record<string, unknown>
  /** What medusa-config.ts configured; each call works with `currentDeps()`. */
  protected readonly configuredDeps: ProviderDeps
  protected readonly verifier: WebhookVerifier
  /** Signed webhooks this process just read, for the authorize Medusa runs on them. */
  protected readonly verifiedWebhooks = new VerifiedWebhooks()
  /**
   * Medusa's webhook subscriber and the plugin's both ask about each delivery at the same moment:
   * read once. Kept 10 s only, so a later copy of the delivery reads Medusa's records anew.
   */
  private readonly recentWebhooks = new RecentResults<MonobankWebhookResult>(10_000)
  private registeredId?: string
  /** Answers sessions that record a card payment made on the mono checkout page. */
  private readonly checkoutPayments = new CheckoutPayments({
    checkoutClient: () => new CheckoutClient({ token: this.config.token, baseUrl: this.config.baseUrl, timeoutMs: this.config.timeoutMs }),
  })

  constructor(cradle: Record<string, unknown>, options: Record<string, unknown>) {
    const parsed = parseMonobankOptions(options)
    super(cradle, parsed)
    this.cradle = cradle
    const client = new AcquiringClient({ token: parsed.token, baseUrl: parsed.baseUrl, timeoutMs: parsed.timeoutMs })
    const logger = (cradle.logger as Logger | undefined) ?? console
    this.configuredDeps = { client, options: parsed, logger }
    this.verifier = createWebhookVerifier({
      // Fetched with the token in use now (a token saved in the admin replaces the configured one).
      fetchPublicKey: async () => (await (await this.currentDeps()).client.getPublicKey()).key,
      minRefreshIntervalMs: parsed.webhookKeyRefreshIntervalMs,
    })
    rememberInstance(this)
  }

  /** This call's working set: the configured deps with the settings saved in the admin over them. */
  protected currentDeps(): Promise<ProviderDeps> {
    return depsWithStoredSettings(this.configuredDeps)
  }

  /**
   * `${webhookBaseUrl}/hooks/payment/monobank_<id>`. Medusa passes a provider only its options, not
   * the `id` it was registered with, so it is read from the registrations (utils/medusa-internals).
   */
  protected webHookUrl(deps: ProviderDeps): string {
    if (!this.registeredProviderId()) {
      throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "monobank: cannot tell which provider id this instance was registered with")
    }
    return `${deps.options.webhookBaseUrl}/hooks/payment/${this.registeredId}`
  }

  /** `monobank_<id>`, or undefined when this instance is not (yet) registered. */
  registeredProviderId(): string | undefined {
    this.registeredId ??= registeredIdOf(this.cradle, MONOBANK_IDENTIFIER, this)
    return this.registeredId
  }

  /** Medusa's payment module, asked through its public service; a test hands its own. */
  protected paymentModule(): PaymentRecords | undefined {
    return applicationPaymentModule()
  }

  private dataOf(input: { data?: Record<string, unknown> }, action: string): MonobankData {
    const data = readMonobankData(input.data)
    if (!data) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `monobank: cannot ${action}: the payment has no monobank invoice`)
    }
    return data
  }

  async initiatePayment(input: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    if (opensCheckoutPayment(input)) return this.checkoutPayments.initiatePayment(input)
    const deps = await this.currentDeps()
    const sessionId = String(input.data?.session_id ?? input.context?.idempotency_key ?? input.data?.reference ?? "")
    const foreign = foreignInputKeys(input.data)
    if (foreign.length) {
      deps.logger.warn(`monobank: session ${sessionId}: ignored data key(s) the storefront may not set: ${foreign.join(", ")}`)
    }
    const { data, status } = await startPayment(deps, {
      sessionId,
      amount: input.amount,
      currencyCode: input.currency_code,
      data: input.data,
      context: input.context,
      webHookUrl: this.webHookUrl(deps),
    })
    return withoutCheckoutPayment({ id: String(data.invoiceId ?? sessionId), data: sessionDataFor(input.data, data), status })
  }

  async getPaymentStatus(input: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    if (isCheckoutPayment(input)) return this.checkoutPayments.getPaymentStatus(input)
    return this.statusOf(await this.currentDeps(), input)
  }

  private async statusOf(deps: ProviderDeps, input: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    // Not charged yet: nothing to ask the bank.
    if (readSavedCardPayment(input.data) || readStorePagePayment(input.data)) return { status: PaymentSessionStatus.PENDING, data: input.data }
    const data = this.dataOf(input, "read the payment status")
    const record = await readInvoice(deps, data.invoiceId)
    return { status: SESSION_STATUS[record.status], data: applyStatus(data, record) }
  }

  async authorizePayment(input: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    if (isCheckoutPayment(input)) return this.checkoutPayments.authorizePayment(input)
    const deps = await this.currentDeps()
    const savedCard = readSavedCardPayment(input.data)
    if (savedCard) return chargeSavedCard(this.chargeDeps(deps), savedCard, input.data ?? {})
    return this.authorizedStatusOf(deps, input)
  }

  private chargeDeps(deps: ProviderDeps): ChargeDeps {
    return {
      ...deps,
      cradle: this.cradle,
      webHookUrl: this.webHookUrl(deps),
      readSessionData: async (id: string) => (await readStoredState(id, this.paymentModule())).sessionData,
    }
  }

  /** Which ways of paying on the store's own page this provider takes (public facts only). */
  async storePageOptions() {
    const { options } = await this.currentDeps()
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
    const { options } = await this.currentDeps()
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
   * Pays session `session` with card details or a wallet taken on the store's own page (the
   * plugin's store routes call this; Medusa does not). The amount is the session's; refused
   * when the session is not waiting for such a payment.
   */
  async payOnStorePage(
    session: { id: string; amount: InitiatePaymentInput["amount"]; currency_code: string; data?: Record<string, unknown> | null },
    method: StorePageMethod
  ): Promise<StorePageOutcome> {
    const deps = await this.currentDeps()
    const payment = readStorePagePayment(session.data)
    if (!payment || payment.reference !== session.id) {
      const stored = readMonobankData(session.data)
      throw new MedusaError(
        stored?.storePage ? MedusaError.Types.CONFLICT : MedusaError.Types.NOT_ALLOWED,
        stored?.storePage
          ? "This payment was already made; complete the order"
          : "This payment session does not take card details on the store's page (start it with `pay_on_store_page: true`)"
      )
    }
    const { amount, ccy } = toBankAmount(session.amount, session.currency_code)
    if (amount !== payment.amount || ccy !== payment.ccy) {
      throw new MedusaError(MedusaError.Types.CONFLICT, "The cart total changed since the payment started; start the payment again")
    }
    return payOnStorePage(this.chargeDeps(deps), payment, method)
  }

  /**
   * Medusa authorizes the session of a paid webhook right after reading it: that verified record
   * (the bank's own statement) stands for the bank read when it is fresh and not older than what
   * the session stored; otherwise, and for a storefront's authorize, the bank is read.
   */
  private async authorizedStatusOf(deps: ProviderDeps, input: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    const data = readMonobankData(input.data)
    const record = data && this.verifiedWebhooks.reusableFor(data.invoiceId, data.modifiedDate)
    if (!data || !record) return this.statusOf(deps, input)
    return { status: SESSION_STATUS[record.status], data: applyStatus(data, record) }
  }

  async retrievePayment(input: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    if (isCheckoutPayment(input)) return this.checkoutPayments.retrievePayment(input)
    return { data: (await this.getPaymentStatus(input)).data }
  }

  async capturePayment(input: CapturePaymentInput): Promise<CapturePaymentOutput> {
    if (isCheckoutPayment(input)) return this.checkoutPayments.capturePayment(input)
    const deps = await this.currentDeps()
    const data = this.dataOf(input, "capture")
    const request = await readCaptureRequest(input.context?.idempotency_key, this.paymentModule())
    // Rounded as running totals, so partial captures of fractional amounts add up to the rounded whole.
    const earlier = MathBN.add(0, ...request.earlier)
    const earlierMinor = this.toMinor(earlier, data)
    const amountMinor = request.amount === undefined ? undefined : this.toMinor(MathBN.add(earlier, request.amount), data) - earlierMinor
    return { data: await captureInvoice(deps, data, amountMinor, earlierMinor) }
  }

  async refundPayment(input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    if (isCheckoutPayment(input)) return this.checkoutPayments.refundPayment(input)
    const deps = await this.currentDeps()
    const data = this.dataOf(input, "refund")
    const refundId = input.context?.idempotency_key
    if (!refundId) throw new MedusaError(MedusaError.Types.INVALID_DATA, "monobank: a refund needs Medusa's refund id")
    const amountMinor = this.toMinor(input.amount, data)
    const book = refundBookOf(this.paymentModule(), refundId)
    return {
      data: await withLock(this.cradle, `monobank-refund:${data.invoiceId}`, () =>
        refundInvoice(deps, data, amountMinor, refundId, book)
      ),
    }
  }

  async cancelPayment(input: CancelPaymentInput): Promise<CancelPaymentOutput> {
    if (isCheckoutPayment(input)) return this.checkoutPayments.cancelPayment(input)
    const deps = await this.currentDeps()
    const data = readMonobankData(input.data)
    if (!data) return { data: input.data }
    const paymentId = input.context?.idempotency_key
    if (!paymentId && !(await this.noPaymentRestsOn(deps, data, "cancel after a failed authorize"))) return { data: input.data }
    return { data: await releaseInvoice(deps, data, paymentId) }
  }

  async deletePayment(input: DeletePaymentInput): Promise<DeletePaymentOutput> {
    if (isCheckoutPayment(input)) return this.checkoutPayments.deletePayment(input)
    const deps = await this.currentDeps()
    const data = readMonobankData(input.data)
    if (!data) return { data: input.data }
    return { data: await releaseForDeletedSession(deps, data, async () => !(await this.noPaymentRestsOn(deps, data, "deleted session"))) }
  }

  /**
   * Medusa also cancels without a payment id when creating the payment failed, often because a
   * concurrent authorize of the session created it: that payment's order rests on this money.
   */
  private async noPaymentRestsOn(deps: ProviderDeps, data: MonobankData, why: string): Promise<boolean> {
    const state = await paymentStateOfSession(data.reference, this.paymentModule())
    if (state === "none") return true
    deps.logger.warn(
      `monobank: invoice ${data.invoiceId} left as it is at the bank (${why}): ${state === "rests" ? `a Medusa payment of session ${data.reference} rests on it` : "could not ask Medusa's payment module whether a payment rests on it"}`
    )
    return false
  }

  async updatePayment(input: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    if (isCheckoutPayment(input)) return this.checkoutPayments.updatePayment(input)
    const data = readMonobankData(input.data)
    if (!data) return this.initiatePayment(input)
    const deps = await this.currentDeps()
    const { amount, ccy } = toBankAmount(input.amount, input.currency_code)
    if (amount === data.amount && ccy === data.ccy) return { data: sessionDataFor(input.data, data) }
    return replaceInvoice(deps, data, {
      sessionId: data.reference ?? String(input.context?.idempotency_key ?? ""),
      amount: input.amount,
      currencyCode: input.currency_code,
      data: input.data,
      context: input.context,
      webHookUrl: this.webHookUrl(deps),
    })
  }

  async getWebhookActionAndData(payload: ProviderWebhookPayload["payload"]) {
    return this.recentWebhooks.get(webhookKey(payload), async () =>
      readWebhook(
        {
          ...(await this.currentDeps()),
          verifier: this.verifier,
          readStoredState: (id) => readStoredState(id, this.paymentModule()),
          adoptLostCharge: (id, data) => adoptLostCharge(this.cradle, id, data),
          rememberVerified: (record) => this.verifiedWebhooks.remember(record),
        },
        payload
      )
    )
  }

  // ---- saved cards -----------------------------------------------------------------------

  async createAccountHolder(input: CreateAccountHolderInput): Promise<CreateAccountHolderOutput> {
    const existing = walletIdOf(input.context.account_holder?.data)
    const walletId = existing ?? walletIdFor(input.context.customer.id)
    return { id: walletId, data: { walletId } }
  }

  async retrieveAccountHolder(input: RetrieveAccountHolderInput): Promise<RetrieveAccountHolderOutput> {
    return { id: input.id, data: { walletId: input.id } }
  }

  async updateAccountHolder(_input: UpdateAccountHolderInput): Promise<UpdateAccountHolderOutput> {
    return {}
  }

  async deleteAccountHolder(input: DeleteAccountHolderInput): Promise<DeleteAccountHolderOutput> {
    const deps = await this.currentDeps()
    const walletId = walletIdOf(input.context.account_holder?.data) ?? input.context.account_holder?.external_id
    if (walletId) await emptyWallet(deps, walletId)
    return {}
  }

  async listPaymentMethods(input: ListPaymentMethodsInput): Promise<ListPaymentMethodsOutput> {
    const deps = await this.currentDeps()
    const walletId = walletIdOf(input.context?.account_holder?.data)
    return walletId ? listSavedCards(deps, walletId) : []
  }

  async savePaymentMethod(input: SavePaymentMethodInput): Promise<SavePaymentMethodOutput> {
    const deps = await this.currentDeps()
    const walletId = requireWalletId(walletIdOf(input.context?.account_holder?.data), "save a card")
    return startCardVerification(deps, walletId, this.webHookUrl(deps), input.data)
  }

  async deletePaymentMethod(input: DeletePaymentMethodInput): Promise<DeletePaymentMethodOutput> {
    const deps = await this.currentDeps()
    const walletId = walletIdOf(input.context?.account_holder?.data) ?? walletIdOf(input.data)
    await deleteSavedCard(deps, requireWalletId(walletId, "delete a saved card"), input.data.id)
    return {}
  }

  private toMinor(amount: RefundPaymentInput["amount"], data: MonobankData): number {
    return toBankAmount(amount, data.ccy).amount
  }
}
