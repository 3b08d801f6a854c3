import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { RequestedMethods } from "./utils/offered-methods"
import { createBankCheckoutOrderStep } from "./steps/create-bank-checkout-order"
import { loadCheckoutCartStep } from "./steps/load-checkout-cart"
import { planCheckoutLockStep } from "./steps/plan-checkout-lock"
import { planCheckoutOrderStep } from "./steps/plan-checkout-order"
import { recordCheckoutAttemptStep } from "./steps/record-checkout-attempt"
import { saveCheckoutOrderStep } from "./steps/save-checkout-order"

export type CreateMonobankCheckoutOrderInput = RequestedMethods & { cart_id: string }
export type CreateMonobankCheckoutOrderResult = { id: string; checkout_order_id: string; redirect_url: string }

export const createMonobankCheckoutOrderWorkflowId = "monobank-checkout-create-order"

/**
 * Sends a cart to mono checkout: validates it, records the attempt and links it to the cart, then
 * creates the bank's checkout order and keeps its id and page. Once the page is known a repeat
 * returns it; when the last attempt's answer was lost, a new attempt is made with a fresh
 * order_ref (the bank refuses a repeated one). Holds the cart's lock, as Medusa's own cart
 * workflows do.
 */
export const createMonobankCheckoutOrderWorkflow = createWorkflow(
  createMonobankCheckoutOrderWorkflowId,
  (input: CreateMonobankCheckoutOrderInput) => {
    const lock = planCheckoutLockStep({})
    acquireLockStep({ key: input.cart_id, timeout: 10, ttl: lock.ttl, ownerId: lock.owner })
    const loaded = loadCheckoutCartStep({ cart_id: input.cart_id })
    const planInput = transform({ loaded, input }, ({ loaded, input }) => ({
      ...loaded,
      requested: {
        dlv_method_list: input.dlv_method_list,
        payment_method_list: input.payment_method_list,
        payments_number: input.payments_number,
      },
    }))
    const plan = planCheckoutOrderStep(planInput)

    const created = when("monobank-checkout-new-order", { plan }, ({ plan }) => !plan.existing).then(() => {
      const attempt = recordCheckoutAttemptStep(
        transform({ plan, input }, ({ plan, input }) => ({
          cart_id: input.cart_id,
          checkout_id: plan.checkout_id,
          attempt: plan.attempt!,
          amount: plan.request!.amount,
          cart_fingerprint: plan.cart_fingerprint!,
          currency_code: "uah",
        }))
      )
      const bankOrder = createBankCheckoutOrderStep(transform({ plan }, ({ plan }) => plan.request!))
      return saveCheckoutOrderStep(
        transform({ attempt, bankOrder }, ({ attempt, bankOrder }) => ({
          id: attempt.id,
          checkout_order_id: bankOrder.order_id,
          redirect_url: bankOrder.redirect_url,
        }))
      )
    })

    releaseLockStep({ key: input.cart_id, ownerId: lock.owner })
    const result = transform({ plan, created }, ({ plan, created }): CreateMonobankCheckoutOrderResult => {
      const order = created ?? plan.existing!
      return { id: order.id, checkout_order_id: order.checkout_order_id, redirect_url: order.redirect_url }
    })
    return new WorkflowResponse(result)
  }
)
