/**
 * Medusa payment provider for monobank installment purchase ("Покупка частинами").
 *
 * initiate = create the bank order (store_order_id = payment session id), authorize = read its
 * state (the shopper confirms in the app), capture = confirm (goods handed over), cancel = reject,
 * refund = return. Every bank-changing call first reads the order's state, so repeating one, or
 * calling it when the bank is already there, is safe. Medusa's payment methods are written once in
 * ../provider-base (the session of each call, its lock, mono checkout payments); this class
 * implements the installment order's own operations, with `await this.currentDeps()`: the
 * configured options with the settings saved in the admin over them (./stored-settings).
 */
import type {
  AuthorizePaymentInput,
  AuthorizePaymentOutput,
  CancelPaymentInput,
  CancelPaymentOutput,
  CapturePaymentInput,
  CapturePaymentOutput,
  GetPaymentStatusInput,
  GetPaymentStatusOutput,
  InitiatePaymentInput,
  InitiatePaymentOutput,
  Logger,
  ProviderWebhookPayload,
  RefundPaymentInput,
  RefundPaymentOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
  WebhookActionResult,
} from "@medusajs/framework/types"
import { MedusaError, PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import { MonobankProviderBase, type OwnCall } from "../provider-base"
import { reportUnknownValue, type OrderStateInfo } from "../../lib/monobank"
import { toHryvnia, toKopecks } from "../../utils/installments/amounts"
import { toMedusaBankError } from "../../utils/installments/bank-errors"
import { checkCallback, claimedOrderId } from "./callback"
import { kyivDate } from "./kyiv-date"
import { InstallmentInputError, toMedusaInputError } from "./input-errors"
import { SESSION_STATUS, WEBHOOK_ACTION } from "../../utils/installments/medusa-status"
import { lockingModuleOf } from "../../utils/module-container"
import { isPaymentSessionId, PAYMENT_PROVIDER_IDENTIFIERS } from "../../utils/provider-ids"
import { paymentModuleOf, type RefundRecords } from "../../utils/medusa-payments"
import { withoutCheckoutPayment } from "../../utils/checkout/checkout-payments"
import type { BankSides, SessionMoney } from "../../utils/session-money"
import type { SessionPaymentRow } from "../../utils/session-money/ledger"
import { sessionIdOf, siblingSessionIds } from "../../utils/session-money/medusa-sessions"
import { installmentsBankSide, provenOrderData } from "./bank-side"
import { loadPaymentLedger } from "./payment-records"
import { returnForRefund } from "./refunds"
import { bookedReturns } from "../../utils/installments/return-ledger"
import { resolveInstallmentsOptions, type MonobankInstallmentsOptions } from "../../utils/installments/options"
import { planCreateOrder } from "./order-request"
import { maskPhone } from "./phone"
import { newSessionData, ownedData, readOrderId, stateData } from "../../utils/installments/session-data"
import { describeOrderState, isKnownOrderState, type InstallmentOutcome } from "../../utils/installments/states"
import { depsFor, type InstallmentsDeps } from "./deps"
import { depsWithStoredSettings, refuseOutsideLimits } from "./stored-settings"
import { UAH_CCY } from "../../lib/monobank"
import { orderOfPaymentCollection } from "../../utils/installments/order-of-collection"

export const INSTALLMENTS_IDENTIFIER = PAYMENT_PROVIDER_IDENTIFIERS.installments

/** How long a refund waits for another refund of the same order to finish (seconds). */
const RETURN_LOCK_TIMEOUT_S = 60

type Cradle = { logger: Logger } & Record<string, unknown>

const CALLBACK_REJECTIONS = {
  no_body: "an empty body",
  no_signature: "no signature header",
  not_utf8: "a body that is not UTF-8",
  bad_signature: "a signature that does not match the body (wrong secret or altered body)",
  malformed: "a body that is not an installment state",
} as const

export class MonobankInstallmentsProviderService extends MonobankProviderBase<MonobankInstallmentsOptions> {
  static override identifier = INSTALLMENTS_IDENTIFIER

  protected static override parseOptions = resolveInstallmentsOptions

  /** What medusa-config.ts configured; each call works with `currentDeps()`. */
  protected readonly configuredDeps: InstallmentsDeps

  constructor(cradle: Cradle, options: MonobankInstallmentsOptions) {
    super(cradle, options)
    this.configuredDeps = depsFor(resolveInstallmentsOptions(options), cradle.logger)
  }

  /** Each order is settled with the credentials of the store it was made under. */
  protected async bankSides(): Promise<BankSides> {
    return { installment_order: installmentsBankSide((storeId) => this.depsUnder(storeId)) }
  }

  protected sessionKeysOf(data: Record<string, unknown>): unknown[] {
    return [data.store_order_id, data.session_id]
  }

  protected bankIdOfData(data: Record<string, unknown> | undefined): string | undefined {
    return readOrderId(data)
  }

  /** Only the provider's own keys go back: data may come from a session the storefront created. */
  protected override ownData(data: Record<string, unknown> | undefined): Record<string, unknown> {
    return ownedData(data)
  }

  protected translateBankError(action: string, error: unknown): MedusaError {
    return toMedusaBankError(action, error)
  }

  /** The session's installment order the provider recorded (the newest), or a refusal. */
  private async orderRowOf(money: SessionMoney, sessionId: string, data: Record<string, unknown> | undefined): Promise<SessionPaymentRow> {
    const rows = (await money.paymentsOf(sessionId)).filter((row) => row.kind === "installment_order" && row.bank_id)
    const row = rows[rows.length - 1] ?? (await this.adoptStartedBeforeRows(money, sessionId, data))
    if (!row) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Payment session ${sessionId} has no monobank installment order this store made for it`)
    }
    return row
  }

  /**
   * Sessions started before the provider kept rows: the order their data names is the session's
   * only when the bank's own `store_order_id` for it is this session.
   */
  private async adoptStartedBeforeRows(money: SessionMoney, sessionId: string, data: Record<string, unknown> | undefined): Promise<SessionPaymentRow | undefined> {
    const orderId = readOrderId(data)
    if (!orderId) return undefined
    const deps = await this.currentDeps()
    const proven = await this.bank("read the installment order", () => provenOrderData(deps, orderId, sessionId))
    if (!proven || proven.total_sum === undefined) return undefined
    return money.record({
      session_id: sessionId,
      provider_id: this.providerId(),
      kind: "installment_order",
      bank_id: orderId,
      amount_minor: Number(toKopecks(proven.total_sum)),
      ccy: UAH_CCY,
      bank_store_id: deps.options.storeId,
    })
  }

  /** This call's working set: the configured deps with the settings saved in the admin over them. */
  protected currentDeps(): Promise<InstallmentsDeps> {
    return depsWithStoredSettings(this.cradle, this.configuredDeps, this.config)
  }

  /** The working set for an order made under `storeId` (its ledger row's), also after the admin moved to another store. */
  protected depsUnder(storeId: string | null): Promise<InstallmentsDeps> {
    return depsWithStoredSettings(this.cradle, this.configuredDeps, this.config, storeId)
  }

  /** Medusa's payment module, asked through its public service; a test hands its own. */
  protected paymentModule(): RefundRecords | undefined {
    return paymentModuleOf(this.cradle)
  }

  protected async startOwnPayment(input: InitiatePaymentInput, money: SessionMoney): Promise<InitiatePaymentOutput> {
    const deps = await this.currentDeps()
    const { options, client, orders, logger } = deps
    refuseOutsideLimits(input.amount, deps.orderLimits)
    const { amount, currency_code, data = {}, context } = input
    const sessionId = sessionIdOf(context, "start", data)
    let plan
    try {
      plan = planCreateOrder(
        { amount, currency_code, data, customer: context?.customer, sessionId, callbackUrl: this.hookUrl(deps.options), date: kyivDate(new Date()) },
        options
      )
    } catch (error) {
      if (error instanceof InstallmentInputError) throw toMedusaInputError(error)
      throw error
    }
    await this.endReplacedSessions(money, deps, sessionId)
    return money.decide(sessionId, async () => {
      let order_id: string | undefined
      let info: OrderStateInfo
      try {
        ;({ order_id } = await client.createOrder(plan.request))
        await money.record({
          session_id: sessionId,
          provider_id: this.providerId(),
          kind: "installment_order",
          bank_id: order_id,
          amount_minor: Number(toKopecks(plan.request.total_sum)),
          ccy: UAH_CCY,
          bank_store_id: options.storeId,
        })
        // A repeated store_order_id returns an order that may already be further along: read it.
        info = await orders.stateOrAssumeNew(order_id)
      } catch (error) {
        await this.withdrawUnstarted(money, deps, plan.request, order_id, error)
        throw toMedusaBankError("create the installment order", error)
      }
      logger.info(
        `monobank installments: order ${order_id} for session ${sessionId} (${plan.parts} payments, phone from ${plan.phoneSource}) is ${info.state}/${info.order_sub_state}`
      )
      const outcome = describeOrderState(info.state, info.order_sub_state)
      return withoutCheckoutPayment({
        id: order_id,
        status: SESSION_STATUS[outcome.status],
        data: newSessionData(data, {
          store_order_id: plan.request.store_order_id,
          client_phone: maskPhone(plan.request.client_phone),
          parts_count: plan.parts,
          total_sum: plan.request.total_sum,
          ...stateData(info, new Date()),
          place_order_now: options.placeOrderBeforeApproval || undefined,
        }),
      })
    })
  }

  /**
   * Starting the session failed after the bank may have made its order (the answer was lost, or
   * recording it failed): Medusa keeps no session, so the order is recorded as the session's and
   * settled at once, or by the settlement job when the bank cannot be reached now.
   */
  private async withdrawUnstarted(
    money: SessionMoney,
    deps: InstallmentsDeps,
    request: Parameters<InstallmentsDeps["orders"]["nameLostOrder"]>[0],
    orderId: string | undefined,
    cause: unknown
  ): Promise<void> {
    const named = orderId ?? (await deps.orders.nameLostOrder(request, cause, deps.logger))
    if (!named) return
    const sessionId = request.store_order_id
    try {
      await money.record({
        session_id: sessionId,
        provider_id: this.providerId(),
        kind: "installment_order",
        bank_id: named,
        amount_minor: Number(toKopecks(request.total_sum)),
        ccy: UAH_CCY,
        bank_store_id: deps.options.storeId,
      })
      await money.endSession(sessionId, await this.bankSides())
    } catch (error) {
      deps.logger.error(
        `monobank installments: order ${named} of session ${sessionId}, whose start failed, could not be recorded or withdrawn (${(error as Error).message}); reject it in the monobank cabinet if the shopper approved it`
      )
    }
  }

  protected async authorizeOwn({ input, sessionId, money }: OwnCall<AuthorizePaymentInput>): Promise<AuthorizePaymentOutput> {
    const session = await money.requireSession(sessionId)
    const order = await orderOfPaymentCollection(this.cradle, session.payment_collection_id)
    if (order?.status === "canceled") {
      // Placed before the approval and cancelled since. The session ends here, under the lock this
      // authorize holds, so the settlement gives its installment order back also when the cancel's
      // own attempt (src/subscribers/monobank-order-canceled) found this lock taken.
      await money.endSession(sessionId, await this.bankSides()).catch((error: Error) =>
        this.logger.warn(`monobank installments: session ${sessionId} of cancelled order ${order.id} could not be ended yet: ${error.message}`)
      )
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Order ${order.id} was cancelled before the installment was approved; the approval is not taken`)
    }
    const row = await this.orderRowOf(money, sessionId, input.data)
    if (row.amount_minor !== Number(toKopecks(session.amount)) || session.currency_code.toUpperCase() !== "UAH") {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `monobank installment order ${row.bank_id} was made for another amount than this payment session's; start the payment again`)
    }
    const { client, options } = await this.depsUnder(row.bank_store_id)
    const info = await this.bank("read the installment order", () => client.getOrderState(row.bank_id!))
    const outcome = describeOrderState(info.state, info.order_sub_state)
    if (outcome.status === "pending" && options.placeOrderBeforeApproval) {
      // The order is placed now; the shopper's approval authorizes its payment later (the bank's
      // callback through Medusa's webhook, or the reconcile job), a failure cancels the order.
      return { status: PaymentSessionStatus.PENDING_AUTHORIZATION, data: this.withState({ ...input.data, order_id: row.bank_id, store_order_id: sessionId }, info) }
    }
    if (outcome.status !== "authorized" && outcome.status !== "captured") {
      // Not authorized yet (or never will be): say why, in words the shopper understands.
      throw new MedusaError(MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR, shopperMessage(outcome), `monobank_installments.${outcome.code}`)
    }
    await money.grant(row)
    return { status: SESSION_STATUS[outcome.status], data: this.withState({ ...input.data, order_id: row.bank_id, store_order_id: sessionId }, info) }
  }

  /** Confirms the order at the bank (the goods are handed over). */
  protected async captureOwn({ input, sessionId, money }: OwnCall<CapturePaymentInput>): Promise<CapturePaymentOutput> {
    const row = await this.orderRowOf(money, sessionId, input.data)
    const { orders } = await this.depsUnder(row.bank_store_id)
    const info = await this.bank("confirm the installment order", () => orders.confirm(row.bank_id!))
    const outcome = describeOrderState(info.state, info.order_sub_state)
    if (outcome.status !== "captured" && outcome.status !== "refunded") {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `monobank installment order ${info.order_id} cannot be captured: it is ${outcome.code} (${outcome.description})`
      )
    }
    return { data: this.withState(input.data, info) }
  }

  /** Medusa no longer wants the payment: the order is rejected at the bank (a handed-over order is refunded instead). */
  protected async cancelOwn({ input, sessionId, money, paymentId }: OwnCall<CancelPaymentInput> & { paymentId: string }): Promise<CancelPaymentOutput> {
    const row = await this.orderRowOf(money, sessionId, input.data)
    const { orders, logger } = await this.depsUnder(row.bank_store_id)
    const info = await this.bank("reject the installment order", () => orders.reject(row.bank_id!))
    if (info.state === "SUCCESS") {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `monobank installment order ${row.bank_id} is already ${info.order_sub_state}: the goods were handed over, so refund it instead of cancelling`
      )
    }
    logger.info(`monobank installments: order ${row.bank_id} rejected by this store: Medusa canceled payment ${paymentId}`)
    return { data: this.withState(input.data, info) }
  }

  /**
   * One Medusa refund = one bank return, under a per-order lock; see ./refunds. The ledger lives in
   * the payment's metadata, never in data the storefront could have written.
   */
  protected async refundOwn({ input, sessionId, money, refundId }: OwnCall<RefundPaymentInput> & { refundId: string }): Promise<RefundPaymentOutput> {
    const { amount, data } = input
    const row = await this.orderRowOf(money, sessionId, data)
    const orderId = row.bank_id!
    const { client } = await this.depsUnder(row.bank_store_id)
    let kopecks: bigint
    try {
      kopecks = toKopecks(amount)
    } catch {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `monobank installments: refund amount is not a number`)
    }
    const locking = lockingModuleOf(this.cradle, "returns are not sent without it")
    const result = await locking.execute(
      `monobank-installments:order:${orderId}`,
      () =>
        this.bank("return money for the installment order", async () => {
          const ledger = await loadPaymentLedger(this.paymentModule(), refundId, this.cradle)
          return returnForRefund(client, { orderId, kopecks, refundId, ledger })
        }),
      { timeout: RETURN_LOCK_TIMEOUT_S }
    )
    return { data: { ...this.withState(data, result.info), returns: bookedReturns(result.ledger) } }
  }

  /** Read-only (the plugin's own reads): the state of the session's own order, never of one its data names. */
  protected async ownStatus(input: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    return this.statusOf(input, await this.ownOrderOf(input))
  }

  /**
   * Our refresh workflow re-reads the bank state into the session. The order's sum is fixed at the
   * bank, so a different amount needs a new session.
   */
  protected async updateOwn(input: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    const { amount, currency_code } = input
    const order = await this.ownOrderOf(input)
    if (order && (currency_code?.toUpperCase() !== "UAH" || toKopecks(amount) !== BigInt(order.amount_minor))) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `monobank installment order ${order.bank_id} was created for ${toHryvnia(BigInt(order.amount_minor))} UAH; to pay a different amount, start a new payment session`
      )
    }
    const read = await this.statusOf(input, order)
    return read.status === PaymentSessionStatus.PENDING && (await this.orderAwaitsApproval(input.context?.idempotency_key)) ? { ...read, status: PaymentSessionStatus.PENDING_AUTHORIZATION } : read
  }

  private async statusOf(input: GetPaymentStatusInput, order: SessionPaymentRow | undefined): Promise<GetPaymentStatusOutput> {
    // No order of its own yet (the bank has not answered its start): nothing to ask the bank.
    if (!order) return { status: PaymentSessionStatus.PENDING, data: input.data }
    const { client } = await this.depsUnder(order.bank_store_id)
    const info = await this.bank("read the installment order", () => client.getOrderState(order.bank_id!))
    const outcome = describeOrderState(info.state, info.order_sub_state)
    return { status: SESSION_STATUS[outcome.status], data: this.withState({ ...input.data, order_id: order.bank_id, store_order_id: order.session_id }, info) }
  }

  /**
   * The installment order a read is about, from the plugin's rows: the session the caller names
   * (our workflows pass its id as the idempotency key), else the session the data claims, but only
   * when the order the data names is that session's (a Medusa payment's data, which the provider wrote).
   */
  private async ownOrderOf(input: { data?: Record<string, unknown>; context?: { idempotency_key?: string } }): Promise<SessionPaymentRow | undefined> {
    const money = this.money()
    const named = input.context?.idempotency_key
    const claimed = input.data?.store_order_id ?? input.data?.session_id
    const sessionId = isPaymentSessionId(named) ? named : isPaymentSessionId(claimed) ? claimed : undefined
    if (!sessionId) return undefined
    const rows = (await money.paymentsOf(sessionId)).filter((row) => row.kind === "installment_order" && row.bank_id)
    const row = rows[rows.length - 1]
    if (!row || (sessionId !== named && row.bank_id !== readOrderId(input.data))) return undefined
    return row
  }

  /** An order placed before the approval (`placeOrderBeforeApproval`) exists for the session: while the bank waits, it stays pending_authorization. */
  private async orderAwaitsApproval(sessionId: string | undefined): Promise<boolean> {
    if (!isPaymentSessionId(sessionId)) return false
    const session = await this.money().requireSession(sessionId).catch(() => undefined)
    const order = session && (await orderOfPaymentCollection(this.cradle, session.payment_collection_id))
    return Boolean(order && order.status !== "canceled")
  }

  /**
   * Verified with the secret of the store that made the order (its ledger row's; the current store
   * for an order without one), and decided by the bank's own state read now, never by the body's.
   */
  protected async readDelivery(payload: ProviderWebhookPayload["payload"]): Promise<WebhookActionResult> {
    const claimed = claimedOrderId(payload)
    const row = claimed ? await this.money().ledger.sessionPaymentByBankId("installment_order", claimed) : undefined
    const { orders, logger, options } = await this.depsUnder(row?.bank_store_id ?? null)
    const check = checkCallback(payload, options.secret)
    if (!check.ok) {
      logger.warn(
        `monobank installments: ignored a callback with ${CALLBACK_REJECTIONS[check.reason]}; nothing was changed. ` +
          `If genuine callbacks are ignored, check the provider's secret option.`
      )
      return { action: PaymentActions.NOT_SUPPORTED }
    }
    const { order_id } = check.body
    // Our session id is the row's; an order made before the plugin kept rows names it as its store_order_id.
    const legacy = row ? undefined : await this.bank("read the installment order", () => orders.dataOrUnknown(order_id))
    const sessionId = row?.session_id ?? legacy?.store_order_id
    if (!isPaymentSessionId(sessionId)) {
      logger.warn(`monobank installments: callback for order ${order_id} that this store did not create; ignored`)
      return { action: PaymentActions.NOT_SUPPORTED }
    }
    const info = await this.bank("read the installment order", () => orders.stateOrUnknown(order_id))
    if (!info) {
      logger.warn(`monobank installments: signed callback for order ${order_id}, which the bank does not know; ignored`)
      return { action: PaymentActions.NOT_SUPPORTED }
    }
    const outcome = describeOrderState(info.state, info.order_sub_state)
    if (!isKnownOrderState(info.state, info.order_sub_state)) {
      reportUnknownValue("installment state", `${String(info.raw_state)}/${info.order_sub_state}`, (m) => logger.warn(m), `read as ${outcome.status}`)
    }
    logger.info(`monobank installments: callback for order ${order_id} (session ${sessionId}); the bank says ${info.state}/${info.order_sub_state}`)
    const amount = row ? toHryvnia(BigInt(row.amount_minor)) : legacy?.total_sum ?? 0
    return { action: WEBHOOK_ACTION[outcome.status], data: { session_id: sessionId, amount } }
  }

  /**
   * The bank refuses an order while the shopper has another one open (EXISTS_OTHER_OPEN_ORDER), and
   * Medusa deletes the collection's earlier sessions only in parallel with creating this one. So
   * once Medusa has accepted this session and its input is valid, the sessions it replaces end
   * first, each under its own lock: their orders are withdrawn unless an authorize of them may be
   * creating a payment (then the settlement job decides once it can tell).
   */
  private async endReplacedSessions(money: SessionMoney, deps: InstallmentsDeps, sessionId: string): Promise<void> {
    for (const replaced of await siblingSessionIds(money.payments, sessionId)) {
      try {
        await money.endSession(replaced, await this.bankSides())
      } catch (error) {
        deps.logger.warn(`monobank installments: could not end session ${replaced} replaced by session ${sessionId}: ${(error as Error).message}`)
      }
    }
  }

  private withState(data: Record<string, unknown> | undefined, info: OrderStateInfo): Record<string, unknown> {
    // Only our own keys go on: data may come from a session the storefront created.
    return { ...ownedData(data), ...stateData(info, new Date()) }
  }
}

function shopperMessage(outcome: InstallmentOutcome): string {
  return `${outcome.message.en} / ${outcome.message.uk}`
}

export default MonobankInstallmentsProviderService
