import {
  getActionsToComputeFromPromotionsStep,
  getPromotionCodesToApply,
  prepareAdjustmentsFromPromotionActionsStep,
  useQueryGraphStep,
} from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { PromotionActions } from "@medusajs/framework/utils"
import { PROMO_QUOTE_CART_FIELDS, cartTotalsWithAdjustments, type PromoAdjustments } from "./utils/cart-with-adjustments"

export const quoteMonobankCheckoutPromoWorkflowId = "monobank-checkout-quote-promo"

/**
 * What the cart would cost with a promo code added, by the very steps Medusa's
 * updateCartPromotionsWorkflow applies it with (the codes to apply, the promotion module's actions
 * with the cart's own and automatic promotions, the adjustments made of them), without writing
 * them: the cart's totals are then computed with those adjustments as Medusa computes cart totals,
 * tax included. Unknown codes fail as they fail there (INVALID_DATA).
 */
export const quoteMonobankCheckoutPromoWorkflow = createWorkflow(
  quoteMonobankCheckoutPromoWorkflowId,
  (input: { cart_id: string; promo_code: string }) => {
    const { data: cart } = useQueryGraphStep({
      entity: "cart",
      fields: [...PROMO_QUOTE_CART_FIELDS],
      filters: { id: input.cart_id },
      options: { isList: false, throwIfKeyNotFound: true },
    }).config({ name: "monobank-checkout-promo-cart" })
    const promoCodes = transform({ input }, ({ input }) => [input.promo_code])
    const promotionCodesToApply = getPromotionCodesToApply({ cart, promo_codes: promoCodes, action: PromotionActions.ADD })
    const actions = getActionsToComputeFromPromotionsStep({ computeActionContext: cart, promotionCodesToApply })
    const adjustments = prepareAdjustmentsFromPromotionActionsStep({ actions })
    const priced = transform({ cart, adjustments }, ({ cart, adjustments }) => ({
      ...cartTotalsWithAdjustments(cart as any, adjustments as PromoAdjustments),
      applied_codes: adjustments.computedPromotionCodes as string[],
      skipped_codes: adjustments.skippedPromoCodes.map((skipped: { code: string }) => skipped.code),
    }))
    return new WorkflowResponse(priced)
  }
)
