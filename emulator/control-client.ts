/** Typed client of the control API (/_emulator/*), over the global fetch. */
import type { InvoiceState, ReferenceReport } from "./acquiring/records"
import type { InvoiceStatusRecord } from "./acquiring/types"
import type { CheckoutOrder } from "./checkout/orders"
import type { extendedShape } from "./checkout/records"
import type { CheckoutCompletion } from "./checkout/schemas"
import type { DeliveryRecord, WebhookMode } from "./delivery"
import type { ChaosSpec, ChaosTally } from "./chaos"
import type { CallRecord, FaultSpec } from "./faults"
import type { InstallmentOrder } from "./installments/types"
import type { PartialRefundStatus } from "./options"

export type CardDetails = { pan?: string; exp?: string; cvv?: string }
export type CheckoutOrderState = CheckoutOrder & { record: ReturnType<typeof extendedShape> }

export interface EmulatorControl {
  /** Forgets invoices, wallets, orders, faults, deliveries and calls; keeps tokens, keys and the clock. */
  reset(): Promise<void>
  /** What the shopper does on the hosted page (default card: TEST_CARDS.visa). Returns the status record. */
  payInvoice(invoiceId: string, card?: CardDetails): Promise<InvoiceStatusRecord>
  complete3ds(invoiceId: string, result: { success: boolean }): Promise<InvoiceStatusRecord>
  installmentClientConfirm(orderId: string): Promise<InstallmentOrder>
  installmentClientReject(orderId: string): Promise<InstallmentOrder>
  /** Extension: the client's push times out now (FAIL/CLIENT_PUSH_TIMEOUT), without moving the emulator's clock. */
  installmentClientTimeout(orderId: string): Promise<InstallmentOrder>
  /** Extension: the client paid the installment off (SUCCESS/DONE). */
  installmentFullyPaid(orderId: string): Promise<InstallmentOrder>
  /** Extension: whether the bank can pay returns of this order to the client's card (check/paid; a card return is refused when not). */
  setInstallmentCardReturn(orderId: string, possible: boolean): Promise<InstallmentOrder>
  /** Moves the emulator clock forward and runs whatever became due. Returns the new time (ISO). */
  advanceClock(ms: number): Promise<string>
  now(): Promise<string>
  /** New ECDSA key pair; returns the new public key (base64 of PEM). */
  rotateKey(): Promise<string>
  injectFault(fault: FaultSpec): Promise<void>
  /** Extension: random API faults and webhook drops/duplicates/delays at given rates (see ../chaos). */
  setChaos(spec: ChaosSpec): Promise<ChaosTally>
  /** Extension: what chaos did so far. */
  chaosTally(): Promise<ChaosTally & { active: boolean }>
  clearChaos(): Promise<void>
  /** Extension: removes every injected fault (and lets held requests go on). */
  clearFaults(): Promise<void>
  /** Extension: the injected faults not used up yet (a fault's last use removes it). */
  listFaults(): Promise<Array<FaultSpec & { remaining: number }>>
  /** Extension: lets every request a "hold" fault keeps go on; returns how many there were. */
  releaseHeldRequests(): Promise<number>
  setWebhookMode(mode: WebhookMode): Promise<void>
  /**
   * Extension: the invoice status a partial refund settles into from now on ("success" or
   * "reversed" with finalAmount > 0); `reset` restores the started option. Returns the new status.
   */
  setPartialRefundStatus(status: PartialRefundStatus): Promise<PartialRefundStatus>
  /**
   * Extension: the merchant's fiscalization switch (a linked PRRO); with it on, a partial cancel and
   * a finalize of another amount than the hold need `items`. `reset` restores the started option.
   */
  setFiscalization(enabled: boolean): Promise<boolean>
  /**
   * Extension: the merchant's mono checkout delivery-price address (null: none). With one, the
   * checkout page asks the store what delivery costs and the shopper pays it on top of the goods.
   */
  setCheckoutDeliveryPriceUrl(url: string | null): Promise<string | null>
  /**
   * Extension: the merchant's mono checkout promo-code address (null: none). With one, the checkout
   * page has a promo-code field and asks the store whether a code applies.
   */
  setCheckoutPromoCodeUrl(url: string | null): Promise<string | null>
  /** Delivers held webhooks/callbacks one after the other; resolves when all are settled. */
  releaseWebhooks(options?: { order?: "fifo" | "reverse"; duplicate?: boolean }): Promise<number>
  /** Extension: resolves once no webhook/callback is being sent or waiting for a retry. */
  flushWebhooks(): Promise<void>
  deliveries(): Promise<DeliveryRecord[]>
  getInvoice(invoiceId: string): Promise<InvoiceState>
  getInstallmentOrder(orderId: string): Promise<InstallmentOrder>
  /** Extension: the installment order made for a `store_order_id` (404 when none was made). */
  getInstallmentOrderByStoreOrderId(storeOrderId: string): Promise<InstallmentOrder>
  getCheckoutOrder(orderId: string): Promise<CheckoutOrderState>
  /** Extension: the checkout order made for an order_ref (also one whose create answer was lost). */
  getCheckoutOrderByRef(orderRef: string): Promise<CheckoutOrderState>
  completeCheckout(orderId: string, input: CheckoutCompletion): Promise<CheckoutOrderState>
  /** As if the merchant finalized the held card payment in the business cabinet. */
  finalizeCheckoutHold(orderId: string): Promise<CheckoutOrderState>
  calls(): Promise<CallRecord[]>
  /**
   * Extension: the bank calls that carried this `merchantPaymInfo.reference` (also those refused or
   * faulted) and the invoices made with it; `charges` counts the paid or held ones.
   */
  paymentsByReference(reference: string): Promise<ReferenceReport>
}

export class EmulatorControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errCode?: string
  ) {
    super(message)
    this.name = "EmulatorControlError"
  }
}

export function createEmulatorControl(baseUrl: string): EmulatorControl {
  const root = `${baseUrl.replace(/\/+$/, "")}/_emulator`
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${root}${path}`, {
      method,
      headers: body === undefined ? undefined : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    const json = text ? JSON.parse(text) : undefined
    if (!response.ok) {
      throw new EmulatorControlError(response.status, `${method} ${path}: ${json?.error ?? text}`, json?.errCode)
    }
    return json as T
  }
  const id = encodeURIComponent
  return {
    reset: async () => void (await call("POST", "/reset")),
    payInvoice: (invoiceId, card = {}) => call("POST", `/invoices/${id(invoiceId)}/pay`, card),
    complete3ds: (invoiceId, result) => call("POST", `/invoices/${id(invoiceId)}/3ds`, result),
    installmentClientConfirm: (orderId) => call("POST", `/installments/${id(orderId)}/client-confirm`),
    installmentClientReject: (orderId) => call("POST", `/installments/${id(orderId)}/client-reject`),
    installmentClientTimeout: (orderId) => call("POST", `/installments/${id(orderId)}/client-timeout`),
    installmentFullyPaid: (orderId) => call("POST", `/installments/${id(orderId)}/fully-paid`),
    setInstallmentCardReturn: (orderId, possible) => call("PUT", `/installments/${id(orderId)}/card-return`, { possible }),
    advanceClock: async (ms) => (await call<{ now: string }>("POST", "/clock/advance", { ms })).now,
    now: async () => (await call<{ now: string }>("GET", "/clock")).now,
    rotateKey: async () => (await call<{ key: string }>("POST", "/keys/rotate")).key,
    injectFault: async (fault) => void (await call("POST", "/faults", fault)),
    clearFaults: async () => void (await call("DELETE", "/faults")),
    listFaults: async () => await call<Array<FaultSpec & { remaining: number }>>("GET", "/faults"),
    releaseHeldRequests: async () => (await call<{ released: number }>("POST", "/faults/release")).released,
    setChaos: (spec) => call("PUT", "/chaos", spec),
    chaosTally: () => call("GET", "/chaos"),
    clearChaos: async () => void (await call("DELETE", "/chaos")),
    setWebhookMode: async (mode) => void (await call("PUT", "/webhooks/mode", { mode })),
    setPartialRefundStatus: async (status) =>
      (await call<{ status: PartialRefundStatus }>("PUT", "/acquiring/partial-refund-status", { status })).status,
    setCheckoutDeliveryPriceUrl: async (url) =>
      (await call<{ url: string | null }>("PUT", "/checkout/delivery-price-url", { url })).url,
    setCheckoutPromoCodeUrl: async (url) => (await call<{ url: string | null }>("PUT", "/checkout/promo-code-url", { url })).url,
    setFiscalization: async (enabled) =>
      (await call<{ enabled: boolean }>("PUT", "/acquiring/fiscalization", { enabled })).enabled,
    releaseWebhooks: async (options = {}) => (await call<{ released: number }>("POST", "/webhooks/release", options)).released,
    flushWebhooks: async () => void (await call("POST", "/webhooks/flush")),
    deliveries: () => call("GET", "/deliveries"),
    getInvoice: (invoiceId) => call("GET", `/invoices/${id(invoiceId)}`),
    getInstallmentOrder: (orderId) => call("GET", `/installments/${id(orderId)}`),
    getInstallmentOrderByStoreOrderId: (storeOrderId) => call("GET", `/installments-by-store-order/${id(storeOrderId)}`),
    getCheckoutOrder: (orderId) => call("GET", `/checkout/${id(orderId)}`),
    getCheckoutOrderByRef: (orderRef) => call("GET", `/checkout-by-ref/${id(orderRef)}`),
    completeCheckout: (orderId, input) => call("POST", `/checkout/${id(orderId)}/complete`, input),
    finalizeCheckoutHold: (orderId) => call("POST", `/checkout/${id(orderId)}/finalize`),
    calls: () => call("GET", "/calls"),
    paymentsByReference: (reference) => call("GET", `/references/${id(reference)}`),
  }
}
