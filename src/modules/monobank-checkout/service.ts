/**
 * The mono checkout module: one record per cart sent to the checkout page, and the bank calls
 * that create and read checkout orders (the merchant token never leaves this service).
 */
import { MedusaError, MedusaService } from "@medusajs/framework/utils"
import {
  CheckoutClient,
  createCheckoutCallbackVerifier,
  type CallOptions,
  type CheckoutCallbackSignature,
  type CheckoutCallbackVerifier,
  type CheckoutCreateOrderRequest,
  type CheckoutCreateOrderResult,
  type CheckoutOrderRecord,
} from "../../lib/monobank"
import { MonobankCheckoutOrder, type CheckoutOrderStatus } from "./models/checkout-order"
import { checkoutLockTtlSeconds } from "./lock-ttl"
import { readCheckoutOptions, type CheckoutOptions } from "../../utils/checkout/options"
import { mergeCheckoutOptions } from "../../utils/effective-settings"
import { keptClient } from "../monobank-settings/bank-clients"
import type { StoredSettings } from "../monobank-settings"

/** The SQL side of the module's MikroORM entity manager, as far as this service uses it. */
type SqlManager = {
  execute(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>
  transactional<T>(work: (tx: SqlManager) => Promise<T>): Promise<T>
}

/** What the sync writes on a checkout order (see updateCheckoutOrderState). */
export type CheckoutOrderStateUpdate = {
  id: string
  status?: CheckoutOrderStatus
  error?: string | null
  completed_at?: Date | null
  general_status?: string | null
  payment_method?: string | null
  delivery_method?: string | null
  last_record?: Record<string, unknown> | null
  last_checked_at?: Date | null
}

/** Fields that say where the order stands; a completed order keeps them whatever a stale writer says. */
const STANDING_FIELDS = ["status", "error", "completed_at"] as const

export class MonobankCheckoutModuleService extends MedusaService({ MonobankCheckoutOrder }) {
  protected readonly checkoutOptions_?: CheckoutOptions
  private readonly cradle_: Record<string, unknown>
  /** One client per token and address (a save in the admin may change them), and its callback verifier. */
  private readonly clients_ = new Map<string, CheckoutClient>()
  private readonly callbackVerifiers_ = new WeakMap<CheckoutClient, CheckoutCallbackVerifier>()

  constructor(container: Record<string, unknown>, pluginOptions?: Record<string, unknown>) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    this.cradle_ = container
    this.checkoutOptions_ = readCheckoutOptions(pluginOptions)
  }

  /**
   * Claims the one bank read of this checkout order allowed per `intervalMs`: true for a single
   * caller, whichever server it runs on (one conditional UPDATE of `last_checked_at`), false for
   * everybody else until the interval has passed.
   */
  async claimBankRead(id: string, intervalMs: number, now = new Date()): Promise<boolean> {
    const rows = await this.sql().execute(
      `UPDATE "monobank_checkout_order" SET "last_checked_at" = ?
       WHERE "id" = ? AND "deleted_at" IS NULL AND ("last_checked_at" IS NULL OR "last_checked_at" <= ?)
       RETURNING "id"`,
      [now, id, new Date(now.getTime() - intervalMs)]
    )
    return rows.length > 0
  }

  /**
   * Takes a bank order as the cart's current one when the answer to the attempt that made it was
   * lost (no order id recorded yet). Conditional, so it never replaces an order id another request
   * recorded meanwhile. True when taken.
   */
  async adoptBankOrder(id: string, checkoutOrderId: string): Promise<boolean> {
    const rows = await this.sql().execute(
      `UPDATE "monobank_checkout_order" SET "checkout_order_id" = ? WHERE "id" = ? AND "checkout_order_id" IS NULL AND "deleted_at" IS NULL RETURNING "id"`,
      [checkoutOrderId, id]
    )
    return rows.length > 0
  }

  /**
   * Writes what a sync learnt about a checkout order, except that a `completed` order never moves
   * to another status: the row is locked and checked in the same transaction as the write, so a
   * stale writer (a sync that outlived its lock, a compensation, a late error handler) is refused
   * at the write on every server. The bank's facts are still kept. Returns the status after.
   */
  async updateCheckoutOrderState(update: CheckoutOrderStateUpdate): Promise<CheckoutOrderStatus> {
    return this.sql().transactional(async (tx) => {
      const [row] = await tx.execute(
        `SELECT "status" FROM "monobank_checkout_order" WHERE "id" = ? AND "deleted_at" IS NULL FOR UPDATE`,
        [update.id]
      )
      if (!row) throw new MedusaError(MedusaError.Types.NOT_FOUND, `mono checkout order ${update.id} was not found`)
      const current = row.status as CheckoutOrderStatus
      const downgrade = current === "completed" && update.status !== undefined && update.status !== "completed"
      const write: Record<string, unknown> = { ...update }
      if (downgrade) for (const field of STANDING_FIELDS) delete write[field]
      await this.updateMonobankCheckoutOrders(write as any, { transactionManager: tx } as any)
      return downgrade ? current : (update.status ?? current)
    })
  }

  /**
   * Keeps the delivery prices quoted to the bank's page for the cart's checkout order (method ->
   * UAH text). False when the cart has no checkout order.
   */
  async recordDeliveryQuotes(cartId: string, quotes: Record<string, string>): Promise<boolean> {
    return this.mergeQuotes(cartId, "delivery_quotes", quotes)
  }

  /** Keeps a promo code the bank's page was told applies, with its discount (UAH text). */
  async recordPromoQuote(cartId: string, code: string, discount: string): Promise<boolean> {
    return this.mergeQuotes(cartId, "promo_quotes", { [code]: discount })
  }

  /** Merges into what was quoted before in one statement, so two quotes at once both stay. */
  private async mergeQuotes(cartId: string, column: "delivery_quotes" | "promo_quotes", quotes: Record<string, string>): Promise<boolean> {
    const rows = await this.sql().execute(
      `UPDATE "monobank_checkout_order" SET "${column}" = COALESCE("${column}", '{}'::jsonb) || ?::jsonb
       WHERE "cart_id" = ? AND "deleted_at" IS NULL RETURNING "id"`,
      [JSON.stringify(quotes), cartId]
    )
    return rows.length > 0
  }

  /**
   * The record's Medusa order no longer exists (a rollback deleted it): the record is not
   * `completed` any more but `needs_attention` with `error`, so the next sync places the order again.
   * The caller has checked that the order is gone and removed the link to it.
   */
  async reopenCheckoutOrder(id: string, error: string): Promise<void> {
    await this.updateMonobankCheckoutOrders({ id, status: "needs_attention", completed_at: null, error })
  }

  /** Seconds the checkout workflows hold the cart lock, for this store's client timeout (see ./lock-ttl). */
  syncLockTtlSeconds(): number {
    // The client below keeps the HTTP core's default retries, which lock-ttl assumes too.
    return checkoutLockTtlSeconds(this.checkoutOptions_?.timeoutMs)
  }

  isConfigured(): boolean {
    return this.checkoutOptions_ !== undefined
  }

  /** The validated options; throws a clear error when the store has not set mono checkout up. */
  getCheckoutOptions(): CheckoutOptions {
    if (!this.checkoutOptions_) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "mono checkout is not set up in this store (plugin option `checkout` is missing)"
      )
    }
    return this.checkoutOptions_
  }

  /**
   * The options with what the store owner saved in the admin (Settings → monobank → mono checkout)
   * laid over them. The caller reads `stored` on every call (./resolve `checkoutOptionsNow`), so a
   * save applies to the next checkout order on every server.
   */
  currentCheckoutOptions(stored: StoredSettings<"checkout"> | undefined): CheckoutOptions {
    return mergeCheckoutOptions(this.getCheckoutOptions(), stored)
  }

  /** Creates the bank's checkout order; the bank answers the same order for a repeated order_ref. */
  async createBankOrder(current: CheckoutOptions, body: CheckoutCreateOrderRequest, options?: CallOptions): Promise<CheckoutCreateOrderResult> {
    return this.client(current).createOrder(body, options)
  }

  /** The bank's own record of a checkout order: the only thing this plugin acts on. */
  async fetchBankOrder(current: CheckoutOptions, checkoutOrderId: string, options?: CallOptions): Promise<CheckoutOrderRecord> {
    return this.client(current).getOrder(checkoutOrderId, options)
  }

  private sql(): SqlManager {
    return this.cradle_.manager as SqlManager
  }

  /**
   * Checks a callback's `X-Sign` over its raw body with the checkout API's public key (cached,
   * refetched at most once a minute after a failed check). Rejects only when the key cannot be had.
   */
  async checkCallbackSignature(current: CheckoutOptions, rawBody: Buffer | string, xSign: string | undefined): Promise<CheckoutCallbackSignature> {
    const client = this.client(current)
    let verifier = this.callbackVerifiers_.get(client)
    if (!verifier) {
      verifier = createCheckoutCallbackVerifier({ fetchPublicKey: async () => (await client.getPublicKey()).key })
      this.callbackVerifiers_.set(client, verifier)
    }
    return verifier.check(rawBody, xSign)
  }

  private client({ token, baseUrl, timeoutMs }: CheckoutOptions): CheckoutClient {
    return keptClient(this.clients_, JSON.stringify([token, baseUrl, timeoutMs]), () => new CheckoutClient({ token, baseUrl, timeoutMs }))
  }
}
