/**
 * Gives a Medusa payment's money back through Medusa's payment module, so that Medusa's books show
 * what the bank did: a captured payment is refunded in full (what is left of it), one only
 * authorized is canceled (its hold released). The payment's provider acts at the bank, under the
 * session's lock.
 */
import type { BigNumberInput, IPaymentModuleService } from "@medusajs/framework/types"
import { MathBN } from "@medusajs/framework/utils"

export type GiveBackPayments = Pick<IPaymentModuleService, "retrievePayment" | "refundPayment" | "cancelPayment">

const total = (items: Array<{ raw_amount?: unknown; amount: BigNumberInput }> | undefined) =>
  (items ?? []).reduce((sum, item) => MathBN.add(sum, (item.raw_amount as BigNumberInput | undefined) ?? item.amount), MathBN.convert(0))

export async function giveBackMedusaPayment(payments: GiveBackPayments, paymentId: string, note: string): Promise<"refunded" | "released"> {
  const payment = await payments.retrievePayment(paymentId, { relations: ["captures", "refunds"] })
  const left = MathBN.sub(total(payment.captures as never), total(payment.refunds as never))
  if (MathBN.gt(left, 0)) {
    await payments.refundPayment({ payment_id: paymentId, amount: left, note })
    return "refunded"
  }
  if (MathBN.gt(total(payment.captures as never), 0)) return "refunded"
  await payments.cancelPayment(paymentId)
  return "released"
}
