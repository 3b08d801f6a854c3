/**
 * Makes the refund reason a store picks in Medusa's refund form when an installment purchase's
 * money went back in cash (see ../utils/installments/return-destination). Medusa runs each plugin
 * migration script once, on `medusa db:migrate`; a reason with the code already there is kept.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { CASH_RETURN_REASON } from "../utils/installments/return-destination"

export default async function createCashReturnRefundReason({ container }: { container: MedusaContainer }) {
  const payments = container.resolve(Modules.PAYMENT)
  // Medusa's filter type lacks `code`, though the column is filterable.
  const filter = { code: CASH_RETURN_REASON.code } as Parameters<typeof payments.listRefundReasons>[0]
  const [existing] = await payments.listRefundReasons(filter, { take: 1 })
  if (!existing) await payments.createRefundReasons({ ...CASH_RETURN_REASON })
}
