import {
  DEFAULT_ACQUIRING_TOKEN,
  DEFAULT_INSTALLMENTS_SECRET,
  DEFAULT_INSTALLMENTS_STORE_ID,
} from "./constants"
import type { RecordShape } from "./record-shapes"

export const PARTIAL_REFUND_STATUSES = ["success", "reversed"] as const
export type PartialRefundStatus = (typeof PARTIAL_REFUND_STATUSES)[number]

export interface EmulatorOptions {
  /** 0 = any free port (default 0). */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
  acquiringToken?: string
  installmentsStoreId?: string
  installmentsSecret?: string
  /**
   * Extension. More installments stores (store id -> secret), e.g. the store a shop moves to. Each
   * order belongs to the store that created it: another store's requests for it answer 404.
   */
  installmentsOtherStores?: Record<string, string>
  /** Delay of the sandbox phone endings 1, 3 and 4 (emulator clock). Default 5000. */
  installmentsCallbackDelayMs?: number
  /** Real-time delay between the up-to-3 webhook / callback attempts. Default 1000. */
  webhookRetryDelayMs?: number
  /** What pageUrl, tdsUrl and redirect_url use. Default: the listening URL. */
  publicBaseUrl?: string
  /** Request log (method, path, status; never bodies or queries) to stderr. Default false. */
  log?: boolean
  /**
   * Extension. 0 (default): a cancel settles at once (cancel answer `success`). Above 0: the cancel
   * answers `processing` and settles after this many emulator-clock milliseconds.
   */
  cancelSettleDelayMs?: number
  /**
   * Extension. Invoice status after a partial refund: "success" (default) or "reversed" (with
   * `finalAmount` > 0), so clients can be tested against both readings of the bank's behaviour.
   * The control call `setPartialRefundStatus` switches it while running.
   *
   * Why the default stays "success": the bank's notes say how to read `reversed` with
   * `finalAmount` > 0 (partially refunded; refunded = previous finalAmount - new finalAmount), but
   * not that a partial refund never leaves `success`, and public integrations report both. A client
   * must handle both; the plugin's HTTP tests run partial refunds under each.
   */
  partialRefundStatus?: PartialRefundStatus
  /**
   * The merchant has a cash register (PRRO) linked: a partial cancel and a finalize of an amount
   * other than the hold need `items` that add up to the amount (see acquiring/fiscalization).
   * Default off; the control call `setFiscalization` switches it while running.
   */
  fiscalization?: boolean
  /**
   * Precision of `createdDate` / `modifiedDate` in acquiring records. "seconds" (default), as in the
   * bank's own samples: two changes within one second carry the same `modifiedDate`.
   */
  timestampPrecision?: "seconds" | "milliseconds"
  /**
   * Extension. Real-world record shapes to send instead of the everyday ones (see
   * ./record-shapes): nulls where public SDKs type fields nullable, installments data without
   * `store_order_id`, checkout callbacks under `result`. Default none.
   */
  recordShapes?: RecordShape[]
  /**
   * The merchant's delivery-price address for mono checkout (set in the business cabinet at the
   * bank): the checkout page asks it what delivery costs and adds the price to what the shopper
   * pays (see checkout/delivery-prices). Default none: delivery is not charged on the page. The
   * control call `setCheckoutDeliveryPriceUrl` changes it while running.
   */
  checkoutDeliveryPriceUrl?: string
  /**
   * The merchant's promo-code address for mono checkout: the checkout page asks it whether a code
   * the shopper enters applies and takes its discount off (see checkout/promo-codes). Default none:
   * the page has no promo-code field. The control call `setCheckoutPromoCodeUrl` changes it.
   */
  checkoutPromoCodeUrl?: string
}

export type ResolvedOptions = Required<Omit<EmulatorOptions, "publicBaseUrl" | "checkoutDeliveryPriceUrl" | "checkoutPromoCodeUrl">> &
  Pick<EmulatorOptions, "publicBaseUrl" | "checkoutDeliveryPriceUrl" | "checkoutPromoCodeUrl">

export function resolveOptions(options: EmulatorOptions = {}): ResolvedOptions {
  return {
    port: options.port ?? 0,
    host: options.host ?? "127.0.0.1",
    acquiringToken: options.acquiringToken ?? DEFAULT_ACQUIRING_TOKEN,
    installmentsStoreId: options.installmentsStoreId ?? DEFAULT_INSTALLMENTS_STORE_ID,
    installmentsSecret: options.installmentsSecret ?? DEFAULT_INSTALLMENTS_SECRET,
    installmentsOtherStores: options.installmentsOtherStores ?? {},
    installmentsCallbackDelayMs: options.installmentsCallbackDelayMs ?? 5000,
    webhookRetryDelayMs: options.webhookRetryDelayMs ?? 1000,
    publicBaseUrl: options.publicBaseUrl?.replace(/\/+$/, ""),
    log: options.log ?? false,
    cancelSettleDelayMs: options.cancelSettleDelayMs ?? 0,
    partialRefundStatus: options.partialRefundStatus ?? "success",
    fiscalization: options.fiscalization ?? false,
    timestampPrecision: options.timestampPrecision ?? "seconds",
    recordShapes: options.recordShapes ?? [],
    checkoutDeliveryPriceUrl: options.checkoutDeliveryPriceUrl,
    checkoutPromoCodeUrl: options.checkoutPromoCodeUrl,
  }
}
