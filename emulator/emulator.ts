/** Composition root: one Emulator holds the clock, keys, delivery, faults and the three APIs' state. */
import { InvoiceBook } from "./acquiring/invoices"
import { WebhookKeys } from "./acquiring/keys"
import { QrCashiers } from "./acquiring/qr"
import { statusRecord } from "./acquiring/records"
import { Wallets } from "./acquiring/wallets"
import { callbackRecord } from "./checkout/records"
import { CheckoutOrders } from "./checkout/orders"
import { Chaos } from "./chaos"
import { Clock } from "./clock"
import { Delivery } from "./delivery"
import { CallLog, Faults } from "./faults"
import { InstallmentOrders } from "./installments/orders"
import { signBody } from "./installments/signature"
import type { PartialRefundStatus, ResolvedOptions } from "./options"
import { RecordShapes } from "./record-shapes"

export class Emulator {
  readonly clock = new Clock()
  readonly keys = new WebhookKeys()
  /** mono checkout signs its callbacks with its own key (`/personal/checkout/signature/public/key`). */
  readonly checkoutKeys = new WebhookKeys()
  readonly faults = new Faults()
  readonly chaos = new Chaos()
  readonly calls = new CallLog()
  readonly wallets = new Wallets()
  readonly delivery: Delivery
  readonly qr: QrCashiers
  readonly invoices: InvoiceBook
  readonly installments: InstallmentOrders
  readonly checkout: CheckoutOrders
  /** The real-world record shapes turned on (`recordShapes`). */
  readonly shapes: RecordShapes
  /** Invoice status after a partial refund: the option, switched by the control API, restored by reset. */
  partialRefundStatus: PartialRefundStatus
  /** The merchant's fiscalization switch (acquiring/fiscalization): the option, switched by the control API, restored by reset. */
  fiscalization: boolean
  /** The merchant's mono checkout delivery-price address: the option, changed by the control API, restored by reset. */
  checkoutDeliveryPriceUrl: string | undefined
  /** The merchant's mono checkout promo-code address: the option, changed by the control API, restored by reset. */
  checkoutPromoCodeUrl: string | undefined
  private listeningUrl = "http://127.0.0.1"

  constructor(readonly options: ResolvedOptions) {
    this.clock.bankPrecision = options.timestampPrecision
    this.partialRefundStatus = options.partialRefundStatus
    this.fiscalization = options.fiscalization
    this.checkoutDeliveryPriceUrl = options.checkoutDeliveryPriceUrl
    this.checkoutPromoCodeUrl = options.checkoutPromoCodeUrl
    this.shapes = new RecordShapes(options.recordShapes)
    this.delivery = new Delivery({
      retryDelayMs: options.webhookRetryDelayMs,
      now: () => this.clock.iso(),
      fate: () => this.chaos.notificationFate(),
    })
    this.qr = new QrCashiers(() => this.baseUrl())
    this.invoices = new InvoiceBook({
      clock: this.clock,
      wallets: this.wallets,
      qr: this.qr,
      cancelSettleDelayMs: options.cancelSettleDelayMs,
      partialRefundStatus: () => this.partialRefundStatus,
      fiscalization: () => this.fiscalization,
      notify: (invoice) => {
        if (!invoice.webHookUrl || invoice.status === "expired") return
        const body = JSON.stringify(this.shapes.acquiringStatus(statusRecord(invoice)))
        this.delivery.enqueue({
          kind: "acquiring",
          url: invoice.webHookUrl,
          body,
          headers: { "X-Sign": this.keys.sign(body) },
          subject: invoice.invoiceId,
        })
      },
    })
    this.installments = new InstallmentOrders({
      clock: this.clock,
      callbackDelayMs: options.installmentsCallbackDelayMs,
      notify: (order) => {
        if (!order.result_callback) return
        const body = JSON.stringify({ order_id: order.order_id, state: order.state, order_sub_state: order.order_sub_state })
        this.delivery.enqueue({
          kind: "installments",
          url: order.result_callback,
          body,
          headers: { signature: signBody(body, this.installmentsSecretOf(order.store_id) ?? options.installmentsSecret) },
          subject: order.order_id,
        })
      },
    })
    this.checkout = new CheckoutOrders({
      clock: this.clock,
      deliveryPriceUrl: () => this.checkoutDeliveryPriceUrl,
      promoCodeUrl: () => this.checkoutPromoCodeUrl,
      notify: (order) => {
        if (!order.callback_url) return
        const body = JSON.stringify(this.shapes.checkoutCallback(callbackRecord(order)))
        const headers = { "X-Sign": this.checkoutKeys.sign(body) }
        this.delivery.enqueue({ kind: "checkout", url: order.callback_url, body, headers, subject: order.orderId })
      },
    })
  }

  /** The secret of an installments store this emulator knows, else undefined. */
  installmentsSecretOf(storeId: string): string | undefined {
    if (storeId === this.options.installmentsStoreId) return this.options.installmentsSecret
    return Object.hasOwn(this.options.installmentsOtherStores, storeId) ? this.options.installmentsOtherStores[storeId] : undefined
  }

  /** Base of pageUrl / tdsUrl / redirect_url. */
  baseUrl(): string {
    return this.options.publicBaseUrl ?? this.listeningUrl
  }

  setListeningUrl(url: string): void {
    this.listeningUrl = url
  }

  /**
   * Forgets invoices, wallets, orders, faults, deliveries and calls, and restores the started
   * partialRefundStatus, fiscalization and checkout delivery-price and promo-code addresses; keeps tokens, keys and the clock.
   */
  reset(): void {
    this.partialRefundStatus = this.options.partialRefundStatus
    this.fiscalization = this.options.fiscalization
    this.checkoutDeliveryPriceUrl = this.options.checkoutDeliveryPriceUrl
    this.checkoutPromoCodeUrl = this.options.checkoutPromoCodeUrl
    this.clock.clearTasks()
    this.invoices.reset()
    this.wallets.reset()
    this.qr.reset()
    this.installments.reset()
    this.checkout.reset()
    this.faults.reset()
    this.chaos.reset()
    this.delivery.reset()
    this.calls.reset()
  }
}
