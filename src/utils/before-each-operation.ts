/** The payment provider methods every monobank provider answers; account and saved-card methods apart. */
export const PAYMENT_OPERATIONS = [
  "initiatePayment",
  "updatePayment",
  "authorizePayment",
  "getPaymentStatus",
  "retrievePayment",
  "capturePayment",
  "refundPayment",
  "cancelPayment",
  "deletePayment",
  "getWebhookActionAndData",
] as const

/**
 * A subclass of a provider class whose listed methods first await `prepare` on the instance (for
 * example: take the settings saved in the admin), then run as defined.
 */
export function beforeEachOperation<T extends new (...args: any[]) => object>(
  Base: T,
  operations: readonly string[],
  prepare: (instance: object, operation: string, args: unknown[]) => Promise<void>
): T {
  class Prepared extends Base {}
  for (const name of operations) {
    const operation = Base.prototype[name] as (...args: unknown[]) => Promise<unknown>
    Object.defineProperty(Prepared.prototype, name, {
      configurable: true,
      writable: true,
      value: async function (this: object, ...args: unknown[]) {
        await prepare(this, name, args)
        return operation.apply(this, args)
      },
    })
  }
  return Prepared
}
