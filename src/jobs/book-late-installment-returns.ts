/**
 * Every minute: books installment returns the bank made after their refund had failed (lost or
 * late answer), see workflows/installments/book-late-returns.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { bookLateInstallmentReturns, type LateReturnsSummary } from "../workflows/installments/book-late-returns"

export default async function bookLateInstallmentReturnsJob(container: MedusaContainer): Promise<LateReturnsSummary> {
  return bookLateInstallmentReturns(container)
}

export const config = {
  name: "monobank-installments-book-late-returns",
  schedule: "* * * * *",
}
