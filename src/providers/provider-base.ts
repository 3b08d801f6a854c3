/**
 * What every monobank payment provider shares, so a provider implements only its own operations:
 *
 * - Medusa's payment methods, each written once: the session a call is about (from Medusa's own
 *   tables, never from `data`), the session's lock and ledger rows (src/utils/session-money), and a
 *   session that records a mono checkout payment answered by `checkoutPayments` before the provider
 *   sees it. A subclass implements the `own*` operations for sessions it started itself.
 * - Who the provider is: its registered id and the hook URL the bank is told (./hook-address).
 * - Bank errors translated for Medusa in one way (`bank`), with the subclass's table.
 *
 * The shape follows Medusa's Stripe provider: one abstract base, a short subclass per way of paying.
 */
import type {
  AuthorizePaymentInput,
  AuthorizePaymentOutput,
  CancelPaymentInput,
  CancelPaymentOutput,
  CapturePaymentInput,
  CapturePaymentOutput,
  DeletePaymentInput,
  DeletePaymentOutput,
  GetPaymentStatusInput,
  GetPaymentStatusOutput,
  InitiatePaymentInput,
  InitiatePaymentOutput,
  Logger,
  RefundPaymentInput,
  RefundPaymentOutput,
  RetrievePaymentInput,
  RetrievePaymentOutput,
  ProviderWebhookPayload,
  UpdatePaymentInput,
  UpdatePaymentOutput,
  WebhookActionResult,
} from "@medusajs/framework/types"
import { AbstractPaymentProvider, MedusaError, PaymentSessionStatus } from "@medusajs/framework/utils"
import { CheckoutPayments, checkoutRowOf, opensCheckoutPayment, showsCheckoutPayment } from "../utils/checkout/checkout-payments"
import { checkoutEvidenceOf } from "./checkout-evidence"
import { registeredIdOf } from "../utils/medusa-internals"
import { sessionMoneyFor, type BankSides, type SessionMoney } from "../utils/session-money"
import type { SessionPaymentRow } from "../utils/session-money/ledger"
import {
  sessionIdOf,
  sessionOfCapture,
  sessionOfPayment,
  sessionOfRefund,
  sessionOwningData,
} from "../utils/session-money/medusa-sessions"
import { hookUrlOf, type HookAddressOptions } from "./hook-address"
import { requirePaymentDependencies } from "../utils/module-container"

export type Cradle = Record<string, unknown>

/** A session-bound call as a subclass's own operation gets it: decided under the session's lock. */
export type OwnCall<Input> = {
  input: Input
  sessionId: string
  /** The session's ledger rows, read under the lock. */
  rows: SessionPaymentRow[]
  money: SessionMoney
}

/** A capture, refund or cancel: how Medusa names it (the idempotency key it passes), and how its session is found. */
const FIND_SESSION = {
  capture: { key: "capture id", sessionOf: sessionOfCapture },
  refund: { key: "refund id", sessionOf: sessionOfRefund },
  cancel: { key: "payment id", sessionOf: sessionOfPayment },
} as const satisfies Record<string, { key: string; sessionOf: (payments: SessionMoney["payments"], key: string) => Promise<string | undefined> }>

type PaymentCall = keyof typeof FIND_SESSION

export abstract class MonobankProviderBase<Options extends object = Record<string, unknown>> extends AbstractPaymentProvider<Options> {
  protected readonly cradle: Cradle
  protected readonly logger: Pick<Logger, "info" | "warn" | "error">
  /** Answers sessions that record a payment made on the mono checkout page. */
  protected readonly checkoutPayments: CheckoutPayments
  private registeredId_?: string

  protected constructor(cradle: Cradle, options: Options, checkoutPayments = new CheckoutPayments()) {
    super(cradle, options)
    // When Medusa builds the provider, before any money path: a store that does not hand it its modules is told how to.
    requirePaymentDependencies(cradle, `${this.identifier} provider`)
    this.cradle = cradle
    this.logger = (cradle.logger as Logger | undefined) ?? console
    this.checkoutPayments = checkoutPayments
  }

  // ---- who this provider is ----------------------------------------------------------------

  /** The subclass's parser of medusa-config's options: it throws, naming the field, on a bad one. */
  protected static parseOptions(_options: Record<string, unknown>): unknown {
    return undefined
  }

  /** Medusa calls this on the subclass as it loads the provider, before building it. */
  static override validateOptions(options: Record<string, unknown>): void {
    this.parseOptions(options)
  }

  /** The identifier of the subclass (`static identifier`), as Medusa registers it. */
  protected get identifier(): string {
    return (this.constructor as unknown as { identifier: string }).identifier
  }

  /** `<identifier>_<id>` as registered in medusa-config, or undefined when this instance is not (yet) registered. */
  registeredProviderId(): string | undefined {
    this.registeredId_ ??= registeredIdOf(this.cradle, this.identifier, this)
    return this.registeredId_
  }

  /** `pp_<identifier>_<id>`, as Medusa names this provider on sessions and payments. */
  protected providerId(): string {
    return `pp_${this.registeredProviderId() ?? this.identifier}`
  }

  /** `<base>/hooks/monobank/payment/<identifier>_<id>`, or undefined when no base URL is set (./hook-address). */
  protected hookUrl(options: HookAddressOptions): string | undefined {
    return hookUrlOf(this.cradle, this.identifier, this.registeredProviderId(), options, this.logger)
  }

  // ---- money -----------------------------------------------------------------------------

  /** The one place that decides this provider's money per session (src/utils/session-money). */
  protected money(): SessionMoney {
    return sessionMoneyFor(this.cradle, this.logger)
  }

  /** How the settlement reads, releases and gives back each kind of this provider's payments. */
  protected abstract bankSides(money: SessionMoney): Promise<BankSides>

  /** Keys of a session's stored data that may name the session, as Medusa passes only the data on delete. */
  protected abstract sessionKeysOf(data: Record<string, unknown>): unknown[]

  /** Runs a bank call, its errors translated for Medusa with `action` saying what was being done. */
  protected async bank<T>(action: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call()
    } catch (error) {
      throw this.translateBankError(action, error)
    }
  }

  protected abstract translateBankError(action: string, error: unknown): MedusaError

  // ---- Medusa's payment methods, written once --------------------------------------------

  async initiatePayment(input: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    const money = this.money()
    if (opensCheckoutPayment(input)) return this.checkoutPayments.initiatePayment(input, money, checkoutEvidenceOf(this.cradle), this.providerId())
    return this.startOwnPayment(input, money)
  }

  async authorizePayment(input: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    const sessionId = sessionIdOf(input.context, "authorize")
    const money = this.money()
    return money.decide(sessionId, async () => {
      const rows = await money.paymentsOf(sessionId)
      money.refuseIfEnded(rows)
      const checkout = checkoutRowOf(rows)
      if (checkout) return this.checkoutPayments.authorize(checkout, input.data)
      return this.authorizeOwn({ input, sessionId, rows, money })
    })
  }

  async capturePayment(input: CapturePaymentInput): Promise<CapturePaymentOutput> {
    return this.decideForPayment("capture", input, async (call) => {
      const checkout = checkoutRowOf(call.rows)
      if (checkout) return this.checkoutPayments.capture(checkout, call.money, input.data)
      return this.captureOwn(call)
    })
  }

  async refundPayment(input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    return this.decideForPayment("refund", input, async (call) => {
      const checkout = checkoutRowOf(call.rows)
      if (checkout) return this.checkoutPayments.refund(checkout)
      return this.refundOwn(call)
    })
  }

  /**
   * Medusa cancels a payment it no longer wants (with its id), and also cancels, without an id,
   * when creating the payment failed after an authorize, often because a concurrent authorize of
   * the session created it: that money is never released here. The session's settlement gives it
   * back once the session ends with no payment resting on it.
   */
  async cancelPayment(input: CancelPaymentInput): Promise<CancelPaymentOutput> {
    if (!input.context?.idempotency_key) {
      this.logger.warn(
        `monobank: Medusa undid an authorize of ${this.identifier} payment ${this.bankIdOfData(input.data) ?? "?"}; its money is kept for the session's order and given back only if the session ends without one`
      )
      return { data: this.ownData(input.data) }
    }
    return this.decideForPayment("cancel", input, async (call) => {
      if (checkoutRowOf(call.rows)) return { data: input.data }
      return this.cancelOwn(call)
    })
  }

  /**
   * Medusa is deleting a session (replaced by a new one, or the cart went another way). It passes
   * only the session's data, so the session is the one whose stored data this is; it ends (no
   * authorize may take its money any more) and what it took is settled under its lock.
   */
  async deletePayment(input: DeletePaymentInput): Promise<DeletePaymentOutput> {
    const money = this.money()
    const data = input.data ?? {}
    const sessionId = await sessionOwningData(money.payments, data, this.sessionKeysOf(data))
    if (sessionId) await money.endSession(sessionId, await this.bankSides(money))
    return { data: this.ownData(input.data) }
  }

  /** Read-only (the plugin's own reads): the status of the bank payment the data names. */
  async getPaymentStatus(input: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    if (showsCheckoutPayment(input)) return { status: PaymentSessionStatus.PENDING, data: input.data }
    return this.ownStatus(input)
  }

  async retrievePayment(input: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    if (showsCheckoutPayment(input)) return { data: input.data }
    return { data: (await this.ownStatus(input)).data }
  }

  /** Only the plugin's own workflows call this (Medusa's core does not). */
  async updatePayment(input: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    if (showsCheckoutPayment(input)) return { data: input.data }
    return this.updateOwn(input)
  }

  /** A bank notification (its signature checked on the raw bytes by `readDelivery`); the plugin's one subscriber asks once per delivery. */
  async getWebhookActionAndData(payload: ProviderWebhookPayload["payload"]): Promise<WebhookActionResult> {
    return this.readDelivery(payload)
  }

  // ---- what a subclass implements --------------------------------------------------------

  protected abstract startOwnPayment(input: InitiatePaymentInput, money: SessionMoney): Promise<InitiatePaymentOutput>
  protected abstract authorizeOwn(call: OwnCall<AuthorizePaymentInput>): Promise<AuthorizePaymentOutput>
  protected abstract captureOwn(call: OwnCall<CapturePaymentInput> & { captureId: string }): Promise<CapturePaymentOutput>
  protected abstract refundOwn(call: OwnCall<RefundPaymentInput> & { refundId: string }): Promise<RefundPaymentOutput>
  protected abstract cancelOwn(call: OwnCall<CancelPaymentInput> & { paymentId: string }): Promise<CancelPaymentOutput>
  protected abstract ownStatus(input: GetPaymentStatusInput): Promise<GetPaymentStatusOutput>
  protected abstract updateOwn(input: UpdatePaymentInput): Promise<UpdatePaymentOutput>

  /** Verifies a notification on its raw bytes and says what Medusa should do with it. */
  protected abstract readDelivery(payload: ProviderWebhookPayload["payload"]): Promise<WebhookActionResult>

  /** The bank's id of the payment stored data names, for log lines only. */
  protected abstract bankIdOfData(data: Record<string, unknown> | undefined): string | undefined

  /** What of stored data the provider returns when it changes nothing (all of it, unless a subclass keeps only its own keys). */
  protected ownData(data: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
    return data
  }

  /** A capture, refund or cancel of a payment Medusa has no session for. */
  protected noSessionFor(call: PaymentCall): never {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `monobank: cannot ${call}: Medusa has no payment session for it`)
  }

  // ---- one way to find a payment's session and decide under its lock ---------------------

  private async decideForPayment<Input extends { context?: { idempotency_key?: string } }, Output>(
    call: PaymentCall,
    input: Input,
    decide: (own: OwnCall<Input> & { captureId: string; refundId: string; paymentId: string }) => Promise<Output>
  ): Promise<Output> {
    const money = this.money()
    const key = input.context?.idempotency_key
    if (!key) throw new MedusaError(MedusaError.Types.INVALID_DATA, `monobank: a ${call} needs Medusa's ${FIND_SESSION[call].key}`)
    const sessionId = await FIND_SESSION[call].sessionOf(money.payments, key)
    if (!sessionId) this.noSessionFor(call)
    return money.decide(sessionId, async () => {
      const rows = await money.paymentsOf(sessionId)
      return decide({ input, sessionId, rows, money, captureId: key, refundId: key, paymentId: key })
    })
  }
}
