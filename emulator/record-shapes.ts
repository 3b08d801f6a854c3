/**
 * Extension: real-world record shapes the emulator can send instead of its everyday ones, each
 * seen in public code that talks to the bank (sources in src/lib/monobank/__fixtures__). A client
 * tested only against the everyday shapes would refuse these; `recordShapes` turns them on.
 */

export const RECORD_SHAPES = [
  /** Installments `order/data`: `create_timestamp: null`, each `reverse_list[].timestamp: null`. */
  "installments-null-timestamps",
  /** Installments `order/data` without `store_order_id`. */
  "installments-without-store-order-id",
  /** Acquiring status records and webhooks: `finalAmount: null`, `cancelList[].amount` / `ccy: null`. */
  "acquiring-null-amounts",
  /** mono checkout callbacks with the record under `result` instead of at the top level. */
  "checkout-callback-in-result",
] as const

export type RecordShape = (typeof RECORD_SHAPES)[number]

type Json = Record<string, unknown>

export class RecordShapes {
  private readonly on: ReadonlySet<RecordShape>

  constructor(shapes: readonly RecordShape[]) {
    this.on = new Set(shapes)
  }

  installmentsData<T extends Json>(data: T): Json {
    let out: Json = data
    if (this.on.has("installments-null-timestamps")) {
      const returns = data.reverse_list as Json[] | undefined
      out = {
        ...out,
        create_timestamp: null,
        ...(returns ? { reverse_list: returns.map((item) => ({ ...item, timestamp: null })) } : {}),
      }
    }
    if (this.on.has("installments-without-store-order-id")) {
      const { store_order_id: _omitted, ...rest } = out
      out = rest
    }
    return out
  }

  acquiringStatus<T extends Json>(record: T): Json {
    if (!this.on.has("acquiring-null-amounts")) return record
    const cancelList = record.cancelList as Json[] | undefined
    return {
      ...record,
      finalAmount: null,
      ...(cancelList ? { cancelList: cancelList.map((item) => ({ ...item, amount: null, ccy: null })) } : {}),
    }
  }

  checkoutCallback<T extends Json>(record: T): Json {
    return this.on.has("checkout-callback-in-result") ? { result: record } : record
  }
}
