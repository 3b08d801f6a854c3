import { acquireLockStep, releaseLockStep, useQueryGraphStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { readCheckoutOutcome, type CheckoutOutcome } from "../../utils/checkout/outcome"
import { placeMonobankCheckoutOrderWorkflow } from "./place-checkout-order"
import { cancelReleasedCheckoutHoldStep } from "./steps/cancel-released-checkout-hold"
import { dropDeadOrderLinkStep } from "./steps/drop-dead-order-link"
import { fetchCheckoutRecordStep } from "./steps/fetch-checkout-record"
import { flagCheckoutOrderStep } from "./steps/flag-checkout-order"
import { loadCheckoutOrderStep } from "./steps/load-checkout-order"
import { planCheckoutLockStep } from "./steps/plan-checkout-lock"
import { recordCheckoutStateStep, statusAfterRead } from "./steps/record-checkout-state"

export type SyncMonobankCheckoutOrderInput = { cart_id: string }

export type MonobankCheckoutSummary = {
  cart_id: string
  /** The bank's checkout order id; null while the answer to the cart's last create attempt is unknown. */
  checkout_order_id: string | null
  status: string
  general_status: string | null
  payment_method: string | null
  delivery_method: string | null
  /** The Medusa order, once there is one. */
  medusa_order_id: string | null
}

export const syncMonobankCheckoutOrderWorkflowId = "monobank-checkout-sync-order"

/**
 * Brings a cart's checkout order up to date with the bank and, when the bank says it is placed,
 * turns the cart into exactly one Medusa order. The cart's lock is held throughout, so callbacks,
 * the storefront's return page and Medusa's own cart completion never run it twice at once; after
 * the lock, an order already made is found and nothing is placed again. The lock outlives the
 * worst bank read plus placing the order (computed from the client's timeout and retries), and
 * should it still run out, a completed checkout order is never moved back (updateCheckoutOrderState).
 * A record whose linked order no longer exists is not settled: the order is placed again, once.
 */
export const syncMonobankCheckoutOrderWorkflow = createWorkflow(
  syncMonobankCheckoutOrderWorkflowId,
  (input: SyncMonobankCheckoutOrderInput) => {
    const lock = planCheckoutLockStep({})
    acquireLockStep({ key: input.cart_id, timeout: 30, ttl: lock.ttl, ownerId: lock.owner })
    const loaded = loadCheckoutOrderStep({ cart_id: input.cart_id })
    const record = fetchCheckoutRecordStep(
      transform({ loaded }, ({ loaded }) => ({ checkout_order_id: loaded.checkout_order_id, cart_id: loaded.cart_id }))
    )
    const outcome = transform({ record }, ({ record }): CheckoutOutcome => readCheckoutOutcome(record))
    // Linked to an order a rollback deleted: the dead link goes, and the order is placed again below.
    const checkout = dropDeadOrderLinkStep(loaded)
    recordCheckoutStateStep({ checkout, record, outcome })

    // Paid at the bank, but the cart already became an order through another payment: never a
    // second order; the store owner refunds one of the two payments.
    when("monobank-checkout-paid-twice", { checkout, outcome }, ({ checkout, outcome }) => {
      return outcome.kind === "placed" && !checkout.medusa_order_id && !!checkout.cart_medusa_order_id
    }).then(() => {
      flagCheckoutOrderStep(
        transform({ checkout }, ({ checkout }) => ({
          id: checkout.id,
          error:
            `checkout order ${checkout.checkout_order_id} is paid, but cart ${checkout.cart_id} was already completed as order ` +
            `${checkout.cart_medusa_order_id} with another payment: refund one of them`,
        }))
      )
    })

    const placed = when("monobank-checkout-placed", { checkout, outcome }, ({ checkout, outcome }) => {
      return outcome.kind === "placed" && !checkout.medusa_order_id && !checkout.cart_medusa_order_id
    }).then(() => {
      const { data: carts } = useQueryGraphStep({
        entity: "cart",
        fields: ["id", "email"],
        filters: { id: input.cart_id },
      }).config({ name: "monobank-checkout-cart-email" })
      const placeInput = transform({ checkout, record, outcome, carts }, ({ checkout, record, outcome, carts }) => ({
        checkout_id: checkout.id,
        cart_id: checkout.cart_id,
        cart_email: carts[0]?.email ?? null,
        record,
        outcome: outcome as Extract<CheckoutOutcome, { kind: "placed" }>,
      }))
      return placeMonobankCheckoutOrderWorkflow.runAsStep({ input: placeInput })
    })

    // Failed at the bank after it became an order (a card hold released): the order's payment is
    // canceled; the checkout order stays completed, and needs attention lists the order.
    when("monobank-checkout-failed-after-order", { checkout, outcome }, ({ checkout, outcome }) => {
      return outcome.kind === "failed" && !!checkout.medusa_order_id
    }).then(() => {
      cancelReleasedCheckoutHoldStep(
        transform({ checkout, outcome }, ({ checkout, outcome }) => ({
          checkout_order_id: checkout.checkout_order_id,
          medusa_order_id: checkout.medusa_order_id!,
          reason: "reason" in outcome ? outcome.reason : "failed",
        }))
      )
    })

    releaseLockStep({ key: input.cart_id, ownerId: lock.owner })
    const summary = transform({ checkout, record, outcome, placed }, ({ checkout, record, outcome, placed }): MonobankCheckoutSummary => {
      const medusaOrderId = placed?.medusa_order_id ?? checkout.medusa_order_id ?? null
      const paidTwice = outcome.kind === "placed" && !medusaOrderId && !!checkout.cart_medusa_order_id
      return {
        cart_id: checkout.cart_id,
        checkout_order_id: checkout.checkout_order_id,
        status: medusaOrderId ? "completed" : paidTwice ? "needs_attention" : statusAfterRead(checkout.status, outcome, false),
        general_status: record.generalStatus ?? null,
        payment_method: record.payment_method ?? null,
        delivery_method: record.delivery_method ?? null,
        medusa_order_id: medusaOrderId,
      }
    })
    return new WorkflowResponse(summary)
  }
)
