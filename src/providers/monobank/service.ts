/**
 * The `monobank` card payment provider (internet acquiring): the shopper pays on monobank's hosted
 * page (or with a saved card); Medusa authorizes, captures, refunds and cancels through the bank.
 * Medusa's payment methods are written once in ../provider-base (the session of each call, its
 * lock, mono checkout payments); this class implements the card's own operations, each a thin
 * adapter over the module that holds the behaviour, with the call's working set
 * `await this.currentDeps()`: the configured options with the settings saved in the admin over
 * them (./stored-settings).
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
  DeletePaymentMethodInput,
  DeletePaymentMethodOutput,
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
  SavePaymentMethodInput,
  SavePaymentMethodOutput,
  UpdateAccountHolderInput,
  UpdateAccountHolderOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
} from "@medusajs/framework/types"
import { MathBN, MedusaError, PaymentSessionStatus } from "@medusajs/framework/utils"
import { MonobankProviderBase, type OwnCall } from "../provider-base"
import { toMedusaError } from "./errors"
import { CheckoutClient, type WebhookVerifier } from "../../lib/monobank"
import { newAcquiringClient } from "../../modules/monobank-settings/bank-clients"
import { captureInvoice, readInvoice, releaseInvoice } from "./capture"
import type { ProviderDeps } from "./deps"
import { parseMonobankOptions, type MonobankOptions } from "../../utils/acquiring/options"
import { applyStatus, foreignInputKeys, readMonobankData, sessionDataFor, type MonobankData } from "../../utils/acquiring/payment-data"
import { refundBookOf, withLock } from "../../utils/acquiring/refund-ledger"
import { refundInvoice } from "./refunds"
import { deleteSavedCard, emptyWallet, listSavedCards, requireWalletId } from "./saved-cards"
import { startPayment } from "./start-payment"
import { toBankAmount } from "../../utils/acquiring/invoice-amount"
import { sessionStatus } from "../../utils/acquiring/status"
import { depsWithStoredSettings } from "./stored-settings"
import type { ChargeDeps } from "./saved-card-charge"
import type { StorePageMethod, StorePageOutcome, StorePageSession } from "./store-page-payment"
import { chargeDepsIn, StorePage } from "./store-page"
import { replaceInvoice, startCardVerification } from "./session-changes"
import { PAYMENT_PROVIDER_IDENTIFIERS } from "../../utils/provider-ids"
import { paymentModuleOf, readCaptureRequest, readStoredState, type PaymentRecords } from "../../utils/medusa-payments"
import { CheckoutPayments, withoutCheckoutPayment } from "../../utils/checkout/checkout-payments"
import type { SessionPaymentRow } from "../../utils/session-money/ledger"
import type { SessionMoney, BankSides } from "../../utils/session-money"
import { sessionIdOf } from "../../utils/session-money/medusa-sessions"
import { cardBankSide } from "./bank-side"
import { authorizeCardSession } from "./authorize"
import { invoiceDataOf } from "./bank-side"
import { paidRowOf, recordStart } from "./session-payments"
import { walletIdFor, walletIdOf } from "./wallet"
import { readWebhook } from "./webhook"
import type { MonobankWebhookResult } from "../../utils/acquiring/webhook-facts"
import { reusableRecord } from "../../utils/acquiring/verified-record"
import { webhookVerifierOf } from "../../utils/acquiring/webhook-verifiers"

export const MONOBANK_IDENTIFIER = PAYMENT_PROVIDER_IDENTIFIERS.card

export class MonobankProviderService extends MonobankProviderBase<MonobankOptions> {
  static override identifier = MONOBANK_IDENTIFIER

  protected static override parseOptions = parseMonobankOptions

  /** What medusa-config.ts configured; each call works with `currentDeps()`. */
  protected readonly configuredDeps: ProviderDeps

  /** The clock verified records are stamped and aged by (a test sets its own). */
  protected now(): Date {
    return new Date()
  }

  constructor(cradle: Record<string, unknown>, options: Record<string, unknown>) {
    const parsed = parseMonobankOptions(options)
    super(
      cradle,
      parsed,
      // Held checkout card payments are captured once the bank's checkout record shows them charged.
      new CheckoutPayments({ checkoutClient: () => new CheckoutClient({ token: parsed.token, baseUrl: parsed.baseUrl, timeoutMs: parsed.timeoutMs }) })
    )
    const client = newAcquiringClient(parsed)
    this.configuredDeps = { client, options: parsed, logger: this.logger as Logger }
  }

  /**
   * The verifier of the token in use now (a token saved in the admin replaces the configured one),
   * shared with the check made as a webhook arrives (utils/acquiring/webhook-verifiers).
   */
  protected webhookVerifier(deps: ProviderDeps): WebhookVerifier {
    return webhookVerifierOf(this.cradle, deps.options, deps.client)
  }

  /** This call's working set: the configured deps with the settings saved in the admin over them. */
  protected currentDeps(): Promise<ProviderDeps> {
    return depsWithStoredSettings(this.cradle, this.configuredDeps)
  }

  /** `${webhookBaseUrl}/hooks/monobank/payment/monobank_<id>` (../hook-address). */
  protected webHookUrl(deps: ProviderDeps): string {
    return this.hookUrl(deps.options)!
  }

  /** Medusa's payment module, asked through its public service; a test hands its own. */
  protected paymentModule(): PaymentRecords | undefined {
    return paymentModuleOf(this.cradle)
  }

  protected async bankSides(money: SessionMoney): Promise<BankSides> {
    const card = cardBankSide({ ...(await this.currentDeps()), ledger: money.ledger, payments: this.paymentModule() })
    return { invoice: card, saved_card: card, store_page: card }
  }

  protected sessionKeysOf(data: Record<string, unknown>): unknown[] {
    return [data.reference, data.session_id]
  }

  protected bankIdOfData(data: Record<string, unknown> | undefined): string | undefined {
    return typeof data?.invoiceId === "string" ? data.invoiceId : undefined
  }

  protected translateBankError(action: string, error: unknown): MedusaError {
    return toMedusaError(action, error)
  }

  protected async startOwnPayment(input: InitiatePaymentInput, money: SessionMoney): Promise<InitiatePaymentOutput> {
    const deps = await this.currentDeps()
    const sessionId = sessionIdOf(input.context, "start", input.data)
    const foreign = foreignInputKeys(input.data)
    if (foreign.length) {
      deps.logger.warn(`monobank: session ${sessionId}: ignored data key(s) the storefront may not set: ${foreign.join(", ")}`)
    }
    return money.decide(sessionId, async () => {
      const { data, status } = await startPayment(deps, this.invoiceRequest(sessionId, input, deps))
      await recordStart(money, { sessionId, providerId: this.providerId(), data })
      return withoutCheckoutPayment({ id: String(("invoiceId" in data && data.invoiceId) || sessionId), data: sessionDataFor(input.data, data), status })
    })
  }

  /** Read-only (Medusa does not call it; the plugin's retrievePayment does): the status of the invoice the data names. */
  protected async ownStatus(input: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    const data = readMonobankData(input.data)
    // Not charged yet: nothing to ask the bank.
    if (!data) return { status: PaymentSessionStatus.PENDING, data: input.data }
    const record = await readInvoice(await this.currentDeps(), data.invoiceId)
    return { status: sessionStatus(record), data: applyStatus(data, record) }
  }

  /**
   * Takes money for the session only from the session's own rows and a bank record that proves it
   * (./authorize), under the session's lock.
   */
  protected async authorizeOwn({ input, sessionId, rows, money }: OwnCall<AuthorizePaymentInput>): Promise<AuthorizePaymentOutput> {
    const session = await money.requireSession(sessionId)
    const deps = await this.currentDeps()
    const stored = readMonobankData(input.data)
    const { status, data } = await authorizeCardSession(this.chargeDeps(deps, money), money, {
      session,
      rows,
      data: input.data,
      reusable: (row) => reusableRecord(row, row.bank_id!, stored?.invoiceId === row.bank_id ? stored.modifiedDate : undefined, this.now().getTime()),
    })
    return { status, data }
  }

  private chargeDeps(deps: ProviderDeps, money: SessionMoney): ChargeDeps {
    return chargeDepsIn(this.cradle, deps, money, this.webHookUrl(deps))
  }

  /** Paying on the store's own page with this provider (./store-page); the plugin's store routes build their own from the container. */
  async storePage(): Promise<StorePage> {
    const deps = await this.currentDeps()
    return new StorePage(deps, () => {
      const money = this.money()
      return { money, deps: this.chargeDeps(deps, money) }
    })
  }

  /** Which ways of paying on the store's own page this provider takes (public facts only). */
  async storePageOptions() {
    return (await this.storePage()).options()
  }

  /** Apple Pay merchant validation (Apple's merchant session object). */
  async applePayMerchantSession(validationUrl: unknown): Promise<Record<string, unknown>> {
    return (await this.storePage()).applePayMerchantSession(validationUrl)
  }

  /** Pays session `session` with card details or a wallet taken on the store's own page. */
  async payOnStorePage(session: StorePageSession, method: StorePageMethod): Promise<StorePageOutcome> {
    return (await this.storePage()).pay(session, method)
  }

  protected async captureOwn({ input, sessionId, money, captureId }: OwnCall<CapturePaymentInput> & { captureId: string }): Promise<CapturePaymentOutput> {
    const deps = await this.currentDeps()
    const row = await paidRowOf(deps, money, { sessionId, providerId: this.providerId(), data: input.data })
    const data = this.invoiceData(row, deps, input.data)
    const request = await readCaptureRequest(captureId, this.paymentModule())
    // Rounded as running totals, so partial captures of fractional amounts add up to the rounded whole.
    const earlier = MathBN.add(0, ...request.earlier)
    const earlierMinor = this.toMinor(earlier, data)
    const amountMinor = request.amount === undefined ? undefined : this.toMinor(MathBN.add(earlier, request.amount), data) - earlierMinor
    return { data: await captureInvoice(deps, data, amountMinor, earlierMinor) }
  }

  protected async refundOwn({ input, sessionId, money, refundId }: OwnCall<RefundPaymentInput> & { refundId: string }): Promise<RefundPaymentOutput> {
    const deps = await this.currentDeps()
    const row = await paidRowOf(deps, money, { sessionId, providerId: this.providerId(), data: input.data })
    const data = this.invoiceData(row, deps, input.data)
    const amountMinor = this.toMinor(input.amount, data)
    const book = refundBookOf(this.paymentModule(), refundId, this.cradle)
    return {
      data: await withLock(this.cradle, `monobank-refund:${data.invoiceId}`, () => refundInvoice(deps, data, amountMinor, refundId, book)),
    }
  }

  /** Releases the hold of the invoice the session paid, when it has one; no confirmed payment means nothing to release. */
  protected async cancelOwn({ input, sessionId, money, paymentId }: OwnCall<CancelPaymentInput> & { paymentId: string }): Promise<CancelPaymentOutput> {
    const deps = await this.currentDeps()
    // Other errors are Medusa's to see.
    const row = await paidRowOf(deps, money, { sessionId, providerId: this.providerId(), data: input.data }).catch((error) => {
      if (MedusaError.isMedusaError(error) && error.type === MedusaError.Types.NOT_FOUND) return undefined
      throw error
    })
    if (!row) return { data: input.data }
    return { data: await releaseInvoice(deps, this.invoiceData(row, deps, input.data), paymentId) }
  }

  /** A new amount replaces the unpaid invoice of the session named by `context.idempotency_key`, never one the data names. */
  protected async updateOwn(input: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    const data = readMonobankData(input.data)
    if (!data) return { data: input.data }
    const deps = await this.currentDeps()
    const { amount, ccy } = toBankAmount(input.amount, input.currency_code)
    if (amount === data.amount && ccy === data.ccy) return { data: sessionDataFor(input.data, data) }
    const sessionId = sessionIdOf(input.context, "change the amount of")
    const money = this.money()
    return money.decide(sessionId, async () => {
      const row = (await money.paymentsOf(sessionId)).find((candidate) => candidate.kind === "invoice" && candidate.bank_id === data.invoiceId)
      if (!row) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `monobank: invoice ${data.invoiceId} is not payment session ${sessionId}'s`)
      const replaced = await replaceInvoice(deps, invoiceDataOf(row, data.paymentType), this.invoiceRequest(sessionId, input, deps))
      const started = readMonobankData(replaced.data)
      if (started) await recordStart(money, { sessionId, providerId: this.providerId(), data: started })
      return replaced
    })
  }

  /** What a new invoice for the session is made of: Medusa's amount and context, and where the bank reports it. */
  private invoiceRequest(sessionId: string, input: InitiatePaymentInput | UpdatePaymentInput, deps: ProviderDeps) {
    return {
      sessionId,
      amount: input.amount,
      currencyCode: input.currency_code,
      data: input.data,
      context: input.context,
      webHookUrl: this.webHookUrl(deps),
    }
  }

  /** The provider data of a row's invoice, with the display keys of the stored data when it is the same invoice. */
  private invoiceData(row: SessionPaymentRow, deps: ProviderDeps, stored: Record<string, unknown> | undefined): MonobankData {
    const cached = readMonobankData(stored)
    const base = invoiceDataOf(row, deps.options.captureMode === "manual" ? "hold" : "debit")
    return cached?.invoiceId === row.bank_id ? { ...cached, ...base, paymentType: cached.paymentType } : base
  }

  protected async readDelivery(payload: ProviderWebhookPayload["payload"]): Promise<MonobankWebhookResult> {
    const deps = await this.currentDeps()
    const money = this.money()
    return readWebhook(
      {
        ...deps,
        verifier: this.webhookVerifier(deps),
        ledger: money.ledger,
        readStoredState: (id) => readStoredState(id, this.paymentModule()),
        settleEndedSession: async (id) => void (await money.settleSession(id, await this.bankSides(money))),
        now: () => this.now(),
      },
      payload
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
