import { acquireLockStep, createRemoteLinkStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { Modules } from "@medusajs/framework/utils"
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { MONOBANK_CHECKOUT_MODULE } from "../../modules/monobank-checkout"
import type { RequestedMethods } from "./offered-methods"
import { createBankCheckoutOrderStep } from "./steps/create-bank-checkout-order"
import { loadCheckoutCartStep } from "./steps/load-checkout-cart"
import { planCheckoutLockStep } from "./steps/plan-checkout-lock"
import { planCheckoutOrderStep } from "./steps/plan-checkout-order"
import { saveCheckoutOrderStep } from "./steps/save-checkout-order"

export type CreateMonobankCheckoutOrderInput = RequestedMethods & { cart_id: string }
export type CreateMonobankCheckoutOrderResult = { id: string; order_id: string; redirect_url: string }

export const createMonobankCheckoutOrderWorkflowId = "monobank-checkout-create-order"

/**
 * Sends a cart to mono checkout: validates it, creates the bank's checkout order once per cart
 * (a repeat returns the same order), records it and links it to the cart. Holds the cart's lock,
 * as Medusa's own cart workflows do.
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
      const bankOrder = createBankCheckoutOrderStep(transform({ plan }, ({ plan }) => plan.request!))
      const saved = saveCheckoutOrderStep(
        transform({ plan, bankOrder }, ({ plan, bankOrder }) => ({
          order_ref: plan.request!.order_ref,
          order_id: bankOrder.order_id,
          redirect_url: bankOrder.redirect_url,
          amount: plan.request!.amount,
          currency_code: "uah",
        }))
      )
      createRemoteLinkStep(
        transform({ saved, input }, ({ saved, input }) => [
          {
            [MONOBANK_CHECKOUT_MODULE]: { monobank_checkout_order_id: saved.id },
            [Modules.CART]: { cart_id: input.cart_id },
          },
        ])
      )
      return saved
    })

    releaseLockStep({ key: input.cart_id, ownerId: lock.owner })
    const result = transform({ plan, created }, ({ plan, created }): CreateMonobankCheckoutOrderResult => {
      const order = created ?? plan.existing!
      return { id: order.id, order_id: order.order_id, redirect_url: order.redirect_url }
    })
    return new WorkflowResponse(result)
  }
)
