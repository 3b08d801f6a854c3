/** Our reading of an installment order in Medusa's vocabularies: session status and webhook action. */
import { PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import type { InstallmentStatus } from "./states"

/**
 * A fully returned order can no longer be authorized or captured: for a session it reads as
 * canceled (the refund itself is recorded by `refundPayment`).
 */
export const SESSION_STATUS = {
  pending: PaymentSessionStatus.PENDING,
  authorized: PaymentSessionStatus.AUTHORIZED,
  captured: PaymentSessionStatus.CAPTURED,
  refunded: PaymentSessionStatus.CANCELED,
  error: PaymentSessionStatus.ERROR,
  canceled: PaymentSessionStatus.CANCELED,
} as const satisfies Record<InstallmentStatus, PaymentSessionStatus>

/** Medusa's own webhook subscriber acts on authorized / captured; ours on failed / canceled. */
export const WEBHOOK_ACTION = {
  pending: PaymentActions.PENDING,
  authorized: PaymentActions.AUTHORIZED,
  captured: PaymentActions.SUCCESSFUL,
  refunded: PaymentActions.NOT_SUPPORTED,
  error: PaymentActions.FAILED,
  canceled: PaymentActions.CANCELED,
} as const satisfies Record<InstallmentStatus, PaymentActions>
