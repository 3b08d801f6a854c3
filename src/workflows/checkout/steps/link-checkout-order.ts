import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { checkoutOrderLinkOf, linkedOrderOf } from "../utils/linked-order"

export const linkCheckoutOrderStepId = "monobank-checkout-link-order"

/**
 * Links the checkout record to the order its cart became. Already linked to that very order (a
 * sync that raced this one got the same order from Medusa's cart completion and linked it first):
 * nothing to do, and above all no failure, whose rollback would delete the order the record is
 * linked to. A link to an order that no longer exists is replaced. Undone: only a link made here.
 */
export const linkCheckoutOrderStep = createStep(
  linkCheckoutOrderStepId,
  async (input: { checkout_id: string; medusa_order_id: string }, { container }) => {
    const linked = await linkedOrderOf(container, input.checkout_id)
    if (linked?.medusa_order_id === input.medusa_order_id) return new StepResponse(undefined, undefined)
    if (linked?.exists) {
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `mono checkout record ${input.checkout_id} already became order ${linked.medusa_order_id}, not ${input.medusa_order_id}`
      )
    }
    const link = container.resolve(ContainerRegistrationKeys.LINK)
    if (linked) await link.dismiss(checkoutOrderLinkOf(input.checkout_id, linked.medusa_order_id))
    const made = checkoutOrderLinkOf(input.checkout_id, input.medusa_order_id)
    await link.create(made)
    return new StepResponse(undefined, made)
  },
  async (made, { container }) => {
    if (made) await container.resolve(ContainerRegistrationKeys.LINK).dismiss(made)
  }
)
