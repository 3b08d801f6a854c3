import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { cancelUnapprovedOrderStep } from "./steps/cancel-unapproved-order"
import { completeInstallmentCartStep } from "./steps/complete-installment-cart"
import { loadInstallmentSessionStep } from "./steps/load-installment-session"
import { refreshInstallmentSessionStep } from "./steps/refresh-installment-session"
import { summarizeInstallmentSessionStep } from "./steps/summarize-installment-session"

/**
 * A storefront poll (see ./poll-installment-session): `read` holds the session's read interval, so
 * it reads the bank and writes the session only if the bank's state changed; `stored` answers from
 * the stored session and changes nothing.
 */
export type InstallmentPoll = "read" | "stored"

export type SyncInstallmentSessionInput = {
  session_id: string
  /** Complete the cart when the shopper has confirmed (polling); callbacks leave that to Medusa. */
  complete_cart?: boolean
  /** Unset for the bank's callbacks and the scheduled reconcile: they read and record every time. */
  poll?: InstallmentPoll
}

export const syncInstallmentSessionWorkflowId = "monobank-installments-sync-session"

/**
 * Brings a monobank installment payment session up to date with the bank: reads the order state
 * into the session (failures get their code and texts), completes the cart once the shopper has
 * confirmed if asked to, cancels an order placed before the approval once the bank ended it unpaid,
 * and returns what the storefront shows.
 */
export const syncInstallmentSessionWorkflow = createWorkflow(
  syncInstallmentSessionWorkflowId,
  (input: SyncInstallmentSessionInput) => {
    const loaded = loadInstallmentSessionStep({ session_id: input.session_id })
    const session = refreshInstallmentSessionStep({ session: loaded.session, poll: input.poll })
    when({ input }, ({ input }) => input.complete_cart === true && input.poll !== "stored").then(() => {
      completeInstallmentCartStep({ session, cart_id: loaded.cart_id })
    })
    when("cancel-unapproved-order-when-read", { input }, ({ input }) => input.poll !== "stored").then(() => {
      cancelUnapprovedOrderStep({ session })
    })
    const summaryInput = transform({ session, loaded }, ({ session, loaded }) => ({ session, cart_id: loaded.cart_id }))
    return new WorkflowResponse(summarizeInstallmentSessionStep(summaryInput))
  }
)
