/**
 * Medusa payment provider for monobank installment purchase ("Покупка частинами").
 *
 * initiate = create the bank order (store_order_id = payment session id), authorize = read its
 * state (the shopper confirms in the app), capture = confirm (goods handed over), cancel = reject,
 * refund = return. Every bank-changing call first reads the order's state, so repeating one, or
 * calling it when the bank is already there, is safe. Installment purchases approved on the mono
 * checkout page are recorded by the same provider: those sessions go to `checkoutPayments`
 * (src/utils/checkout) at the top of each payment method. Every other operation then takes
 * `await this.currentDeps()`: the configured options with the settings saved in the admin over
 * them (./stored-settings); helpers get that working set as a parameter.
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
  ProviderWebhookPayload,
  RefundPaymentInput,
  RefundPaymentOutput,
  RetrievePaymentInput,
  RetrievePaymentOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
  WebhookActionResult,
} from "@medusajs/framework/types"
import { AbstractPaymentProvider, MedusaError, PaymentActions } from "@medusajs/framework/utils"
import { reportUnknownValue, type OrderStateInfo } from "../../lib/monobank"
import { toKopecks } from "../../utils/installments/amounts"
import { toMedusaBankError } from "../../utils/installments/bank-errors"
import { callbackKey, checkCallback } from "./callback"
import { callbackUrlFor, kyivDate } from "./callback-url"
import { InstallmentInputError, toMedusaInputError } from "./input-errors"
import { SESSION_STATUS, WEBHOOK_ACTION } from "../../utils/installments/medusa-status"
import { lockingModuleOf } from "../../utils/module-container"
import { PAYMENT_PROVIDER_IDENTIFIERS } from "../../utils/provider-ids"
import { applicationPaymentModule, paymentStateOfSession, type RefundRecords } from "../../utils/medusa-payments"
import {
  CheckoutPayments,
  isCheckoutPayment,
  opensCheckoutPayment,
  withoutCheckoutPayment,
} from "../../utils/checkout/checkout-payments"
import { loadPaymentLedger } from "./payment-records"
import { returnForRefund } from "./refunds"
import { bookedReturns } from "../../utils/installments/return-ledger"
import { resolveInstallmentsOptions, type MonobankInstallmentsOptions } from "../../utils/installments/options"
import { planCreateOrder } from "./order-request"
import { RecentResults } from "../../utils/recent-results"
import { maskPhone } from "./phone"
import { newSessionData, ownedData, readOrderId, stateData } from "../../utils/installments/session-data"
import { replacedOrderIds } from "./session-records"
import { describeOrderState, isKnownOrderState, type InstallmentOutcome } from "../../utils/installments/states"
import { depsFor, type InstallmentsDeps } from "./deps"
import { depsWithStoredSettings, refuseOutsideLimits } from "./stored-settings"
import { rememberUnwithdrawn } from "./withdrawals"

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

export class MonobankInstallmentsProviderService extends AbstractPaymentProvider<MonobankInstallmentsOptions> {
  static override identifier = INSTALLMENTS_IDENTIFIER

  static override validateOptions(options: Record<string, unknown>): void {
    resolveInstallmentsOptions(options)
  }

  /** What medusa-config.ts configured; each call works with `currentDeps()`. */
  protected readonly configuredDeps: InstallmentsDeps
  private callbackUrl_?: string | null
  private readonly recentCallbacks_ = new RecentResults<WebhookActionResult>()
  /** Answers sessions that record an installment purchase approved on the mono checkout page. */
  private readonly checkoutPayments = new CheckoutPayments()

  constructor(cradle: Cradle, options: MonobankInstallmentsOptions) {
    super(cradle, options)
    this.configuredDeps = depsFor(resolveInstallmentsOptions(options), cradle.logger)
  }

  /** This call's working set: the configured deps with the settings saved in the admin over them. */
  protected currentDeps(): Promise<InstallmentsDeps> {
    return depsWithStoredSettings(this.configuredDeps, this.config)
  }

  /** Medusa's payment module, asked through its public service; a test hands its own. */
  protected paymentModule(): RefundRecords | undefined {
    return applicationPaymentModule()
  }

  async initiatePayment(input: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    if (opensCheckoutPayment(input)) return this.checkoutPayments.initiatePayment(input)
    const deps = await this.currentDeps()
    const { options, client, orders, logger } = deps
    refuseOutsideLimits(input.amount, deps.orderLimits)
    const { amount, currency_code, data = {}, context } = input
    const sessionId = (data.session_id as string | undefined) ?? context?.idempotency_key
    let plan
    try {
      plan = planCreateOrder(
        { amount, currency_code, data, customer: context?.customer, sessionId, callbackUrl: this.callbackUrl(deps), date: kyivDate(new Date()) },
        options
      )
    } catch (error) {
      if (error instanceof InstallmentInputError) throw toMedusaInputError(error)
      throw error
    }
    await this.withdrawReplacedOrders(deps, plan.request.store_order_id)
    let order_id: string | undefined
    let info: OrderStateInfo
    try {
      ;({ order_id } = await client.createOrder(plan.request))
      // A repeated store_order_id returns an order that may already be further along: read it.
      info = await orders.stateOrAssumeNew(order_id)
    } catch (error) {
      const unwithdrawn = await orders.withdrawUnreturned(plan.request, order_id, error, logger)
      if (unwithdrawn) {
        const reason = "starting its payment session failed"
        await rememberUnwithdrawn(deps, { ...unwithdrawn, storeOrderId: plan.request.store_order_id, reason })
      }
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
      }),
    })
  }

  async authorizePayment(input: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    if (isCheckoutPayment(input)) return this.checkoutPayments.authorizePayment(input)
    const { client } = await this.currentDeps()
    const { data } = input
    const info = await this.bank("read the installment order", () => client.getOrderState(this.orderIdOf(data)))
    const outcome = describeOrderState(info.state, info.order_sub_state)
    if (outcome.status !== "authorized" && outcome.status !== "captured") {
      // Not authorized yet (or never will be): say why, in words the shopper understands.
      throw new MedusaError(
        MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR,
        shopperMessage(outcome),
        `monobank_installments.${outcome.code}`
      )
    }
    return { status: SESSION_STATUS[outcome.status], data: this.withState(data, info) }
  }

  async capturePayment(input: CapturePaymentInput): Promise<CapturePaymentOutput> {
    if (isCheckoutPayment(input)) return this.checkoutPayments.capturePayment(input)
    const { orders } = await this.currentDeps()
    const { data } = input
    const info = await this.bank("confirm the installment order", () => orders.confirm(this.orderIdOf(data)))
    const outcome = describeOrderState(info.state, info.order_sub_state)
    if (outcome.status !== "captured" && outcome.status !== "refunded") {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `monobank installment order ${info.order_id} cannot be captured: it is ${outcome.code} (${outcome.description})`
      )
    }
    return { data: this.withState(data, info) }
  }

  async cancelPayment(input: CancelPaymentInput): Promise<CancelPaymentOutput> {
    if (isCheckoutPayment(input)) return this.checkoutPayments.cancelPayment(input)
    const { orders, logger } = await this.currentDeps()
    const { data, context } = input
    const orderId = readOrderId(data)
    if (!orderId) return { data: ownedData(data) }
    if (!context?.idempotency_key) {
      // Medusa cancels with a payment id. Without one, this is authorizePaymentSession undoing an
      // authorize whose payment could not be created, usually because a concurrent authorize of
      // the same session created it: then the confirmed bank order is that payment's money.
      const sessionId = typeof data?.store_order_id === "string" ? data.store_order_id : undefined
      const state = await paymentStateOfSession(sessionId)
      if (state !== "none") {
        logger.warn(
          `monobank installments: order ${orderId} left as it is at the bank (cancel after a failed authorize): ${state === "rests" ? `a Medusa payment of session ${sessionId} rests on it` : "could not ask Medusa's payment module whether a payment rests on it"}`
        )
        return { data: ownedData(data) }
      }
    }
    const info = await this.bank("reject the installment order", () => orders.reject(orderId))
    if (info.state === "SUCCESS") {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `monobank installment order ${orderId} is already ${info.order_sub_state}: the goods were handed over, so refund it instead of cancelling`
      )
    }
    logger.info(
      `monobank installments: order ${orderId} rejected by this store: ${context?.idempotency_key ? `Medusa canceled payment ${context.idempotency_key}` : "Medusa's authorize failed and no Medusa payment rests on it"}`
    )
    return { data: this.withState(data, info) }
  }

  async deletePayment(input: DeletePaymentInput): Promise<DeletePaymentOutput> {
    if (isCheckoutPayment(input)) return this.checkoutPayments.deletePayment(input)
    const deps = await this.currentDeps()
    const { orders, logger } = deps
    const { data } = input
    const orderId = readOrderId(data)
    if (!orderId) return { data: ownedData(data) }
    const sessionId = data?.store_order_id
    if (typeof sessionId === "string" && (await paymentStateOfSession(sessionId)) !== "none") {
      // Medusa deletes every session of a collection when a new one is requested, also after the
      // cart became an order: the order is the money that payment rests on.
      logger.warn(`monobank installments: session ${sessionId} deleted, but its order ${orderId} is a Medusa payment's money; left as it is`)
      return { data: ownedData(data) }
    }
    const storeOrderId = typeof sessionId === "string" ? sessionId : undefined
    const reason = "its payment session was discarded"
    let info: OrderStateInfo
    try {
      info = await orders.withdraw(orderId, logger)
    } catch (error) {
      if (storeOrderId) await rememberUnwithdrawn(deps, { orderId, storeOrderId, reason })
      throw toMedusaBankError("withdraw the installment order", error)
    }
    if (storeOrderId) await rememberUnwithdrawn(deps, { orderId, storeOrderId, info, reason })
    return { data: this.withState(data, info) }
  }

  /**
   * One Medusa refund = one bank return, under a per-order lock; see ./refunds. The ledger lives in
   * the payment's metadata, never in data the storefront could have written.
   */
  async refundPayment(input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    if (isCheckoutPayment(input)) return this.checkoutPayments.refundPayment(input)
    const { client } = await this.currentDeps()
    const { amount, data, context } = input
    const orderId = this.orderIdOf(data)
    const refundId = context?.idempotency_key
    if (!refundId) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "monobank installments: a refund needs its Medusa refund id")
    }
    let kopecks: bigint
    try {
      kopecks = toKopecks(amount)
    } catch {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `monobank installments: refund amount is not a number`)
    }
    const locking = lockingModuleOf(this.container as Record<string, unknown>, "returns are not sent without it")
    const result = await locking.execute(
      `monobank-installments:order:${orderId}`,
      () =>
        this.bank("return money for the installment order", async () => {
          const ledger = await loadPaymentLedger(this.paymentModule(), refundId)
          return returnForRefund(client, { orderId, kopecks, refundId, ledger })
        }),
      { timeout: RETURN_LOCK_TIMEOUT_S }
    )
    return { data: { ...this.withState(data, result.info), returns: bookedReturns(result.ledger) } }
  }

  async getPaymentStatus(input: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    if (isCheckoutPayment(input)) return this.checkoutPayments.getPaymentStatus(input)
    const { client } = await this.currentDeps()
    const { data } = input
    const info = await this.bank("read the installment order", () => client.getOrderState(this.orderIdOf(data)))
    const outcome = describeOrderState(info.state, info.order_sub_state)
    return { status: SESSION_STATUS[outcome.status], data: this.withState(data, info) }
  }

  async retrievePayment(input: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    if (isCheckoutPayment(input)) return this.checkoutPayments.retrievePayment(input)
    const { client } = await this.currentDeps()
    const { data } = input
    const info = await this.bank("read the installment order", () => client.getOrderState(this.orderIdOf(data)))
    return { data: this.withState(data, info) }
  }

  /**
   * Medusa never calls this on its own; our refresh workflow does, to re-read the bank state into
   * the session. The order's sum is fixed at the bank, so a different amount needs a new session.
   */
  async updatePayment(input: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    if (isCheckoutPayment(input)) return this.checkoutPayments.updatePayment(input)
    const { client } = await this.currentDeps()
    const { data, amount, currency_code } = input
    const orderId = this.orderIdOf(data)
    const total = data?.total_sum
    if (currency_code?.toUpperCase() !== "UAH" || (total !== undefined && toKopecks(amount) !== toKopecks(total as number))) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `monobank installment order ${orderId} was created for ${total} UAH; to pay a different amount, start a new payment session`
      )
    }
    const info = await this.bank("read the installment order", () => client.getOrderState(orderId))
    const outcome = describeOrderState(info.state, info.order_sub_state)
    return { status: SESSION_STATUS[outcome.status], data: this.withState(data, info) }
  }

  async getWebhookActionAndData(payload: ProviderWebhookPayload["payload"]): Promise<WebhookActionResult> {
    const deps = await this.currentDeps()
    return this.recentCallbacks_.get(callbackKey(payload), () => this.readCallback(deps, payload))
  }

  private async readCallback(deps: InstallmentsDeps, payload: ProviderWebhookPayload["payload"]): Promise<WebhookActionResult> {
    const { options, orders, logger } = deps
    const check = checkCallback(payload, options.secret)
    if (!check.ok) {
      logger.warn(
        `monobank installments: ignored a callback with ${CALLBACK_REJECTIONS[check.reason]}; nothing was changed. ` +
          `If genuine callbacks are ignored, check the provider's secret option.`
      )
      return { action: PaymentActions.NOT_SUPPORTED }
    }
    const { order_id, state, order_sub_state } = check.body
    const outcome = describeOrderState(state, order_sub_state)
    if (!isKnownOrderState(state, order_sub_state)) {
      const raw = `${String(check.body.raw_state)}/${order_sub_state}`
      reportUnknownValue("installment state", raw, (m) => logger.warn(m), `read as ${outcome.status}`)
    }
    // The callback names only the bank's order; our session id is its store_order_id.
    const order = await this.bank("read the installment order", () => orders.dataOrUnknown(order_id))
    if (!order) {
      logger.warn(`monobank installments: signed callback for order ${order_id}, which the bank does not know; ignored`)
      return { action: PaymentActions.NOT_SUPPORTED }
    }
    const sessionId = order.store_order_id
    if (!sessionId?.startsWith("payses_")) {
      logger.warn(`monobank installments: callback for order ${order_id} that this store did not create; ignored`)
      return { action: PaymentActions.NOT_SUPPORTED }
    }
    logger.info(`monobank installments: callback for order ${order_id} (session ${sessionId}): ${state}/${order_sub_state}`)
    return { action: WEBHOOK_ACTION[outcome.status], data: { session_id: sessionId, amount: order.total_sum ?? 0 } }
  }

  /**
   * The bank refuses an order while the shopper has another one open (EXISTS_OTHER_OPEN_ORDER), and
   * Medusa deletes the collection's earlier sessions only in parallel with creating this one. So
   * once Medusa has accepted this session and its input is valid, the orders it replaces are
   * withdrawn first. One that cannot be withdrawn is logged: the bank then says why it refuses.
   */
  private async withdrawReplacedOrders(deps: InstallmentsDeps, sessionId: string): Promise<void> {
    const { orders, logger } = deps
    for (const { orderId, storeOrderId } of await replacedOrderIds(sessionId)) {
      const reason = `session ${sessionId} replaced its payment session`
      try {
        const info = await orders.withdraw(orderId, logger)
        await rememberUnwithdrawn(deps, { orderId, storeOrderId, info, reason })
      } catch (error) {
        logger.warn(`monobank installments: could not withdraw order ${orderId} replaced by session ${sessionId}: ${(error as Error).message}`)
        await rememberUnwithdrawn(deps, { orderId, storeOrderId, reason })
      }
    }
  }

  private withState(data: Record<string, unknown> | undefined, info: OrderStateInfo): Record<string, unknown> {
    // Only our own keys go on: data may come from a session the storefront created.
    return { ...ownedData(data), ...stateData(info, new Date()) }
  }

  private orderIdOf(data: Record<string, unknown> | undefined): string {
    const orderId = readOrderId(data)
    if (!orderId) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "This payment has no monobank installment order (order_id missing in its data)")
    }
    return orderId
  }

  private async bank<T>(action: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call()
    } catch (error) {
      throw toMedusaBankError(action, error)
    }
  }

  private callbackUrl({ options, logger }: InstallmentsDeps): string | undefined {
    if (this.callbackUrl_ === undefined) {
      this.callbackUrl_ = callbackUrlFor(options, this.container, logger) ?? null
    }
    return this.callbackUrl_ ?? undefined
  }
}

function shopperMessage(outcome: InstallmentOutcome): string {
  return `${outcome.message.en} / ${outcome.message.uk}`
}

export default MonobankInstallmentsProviderService
