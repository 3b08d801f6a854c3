/**
 * Whether Medusa's refund workflow (2.21, `refundPaymentWorkflow`) records a refund on the order
 * with a credit line, which opens an order change and so fails while another one is open: it
 * credits the part of the refund beyond what the order owes the customer (a negative pending
 * difference), and the whole refund when the order owes nothing.
 */
import type { BigNumberInput } from "@medusajs/framework/types"
import { MathBN } from "@medusajs/framework/utils"

export function refundAddsCreditLine(amount: BigNumberInput, pendingDifference: BigNumberInput | null | undefined): boolean {
  const pending = MathBN.convert(pendingDifference ?? 0)
  if (MathBN.lt(pending, 0)) return MathBN.gt(amount, MathBN.mult(pending, -1))
  return MathBN.gt(amount, 0)
}
