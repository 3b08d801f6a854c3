/**
 * Issue 18 (defect 2): a mono checkout record linked to an order that no longer exists. Two syncs
 * of one checkout order raced: one linked the record to the order the other was placing, and the
 * other's rollback deleted that order (Medusa's compensation of cart completion hard-deletes the
 * orders it created: `deleteOrders`). Every later sync then failed with "Cannot create multiple
 * links between 'monobankCheckout' and 'order'" and the paid order never came back. Now a
 * placement never rolls back an order because another sync linked it first, a rollback leaves no
 * link to the order it deleted, and a sync that finds its record linked to a deleted order removes
 * the dead link and places the order once. A canceled (or soft-deleted) order is not gone.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { completeCartWorkflow } from "@medusajs/medusa/core-flows"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import syncMonobankCheckoutOrdersJob from "../../src/jobs/sync-monobank-checkout-orders"
import { clearOfScheduledCheckoutSync } from "../helpers/scheduled-runs"
import { MONOBANK_CHECKOUT_MODULE, type MonobankCheckoutModuleService } from "../../src/modules/monobank-checkout"
import { CHECKOUT_ORDER_LINK_ENTITY } from "../../src/workflows/checkout/utils/linked-order"
import { BANK_READ_INTERVAL_MS } from "../../src/workflows/checkout/sync-safely"
import { createAdminHeaders } from "../helpers/admin"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import {
  checkoutOrderOfCart,
  createCheckoutCart,
  orderOfCart,
  seedCheckoutStore,
  SHOPPER,
  startCheckout,
  type CheckoutFixtures,
} from "./checkout-helpers"

jest.setTimeout(240_000)

const env = useMonobankTestEnvironment()

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * What a racing sync does while this one completes the cart: Medusa's cart completion hands the
 * order it is creating to any later completion of the same cart, which links its record to it.
 * Armed by a test for one cart; runs inside Medusa's completion once the order exists.
 */
let duringCompletion: { cartId: string; run: (orderId: string) => Promise<void> } | undefined

// Medusa runs this hook once the order exists and the payment is recorded; its typings leave it out.
type OrderCreatedHook = (handler: (input: { order_id: string; cart_id: string }) => Promise<void>) => void
;(completeCartWorkflow.hooks as unknown as { orderCreated: OrderCreatedHook }).orderCreated(async ({ order_id, cart_id }) => {
  const armed = duringCompletion
  if (!armed || armed.cartId !== cart_id) return
  duringCompletion = undefined
  await armed.run(order_id)
})

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let fx: CheckoutFixtures

    beforeEach(async () => {
      fx = await seedCheckoutStore(api, await createAdminHeaders(getContainer()))
      duringCompletion = undefined
    })

    const checkoutModule = () => getContainer().resolve<MonobankCheckoutModuleService>(MONOBANK_CHECKOUT_MODULE)

    /** A cart the shopper paid on the checkout page (card, pickup); no callback reached the store. */
    async function paidCheckoutCart() {
      const cart = await createCheckoutCart(api, fx)
      const res = await startCheckout(api, fx, { cart_id: cart.id })
      expect(res.status).toBe(200)
      const bankOrderId: string = res.data.redirect_url.split("/").pop()
      await env.emulator.control.setWebhookMode("drop")
      await env.emulator.control.completeCheckout(bankOrderId, {
        delivery_method: "pickup",
        payment_method: "card",
        client: { first_name: SHOPPER.first_name, last_name: SHOPPER.last_name, phoneNumber: SHOPPER.phoneNumber, email: SHOPPER.email },
      })
      return { cart, bankOrderId }
    }

    /** The return page's status request: reads the bank and places the order when it is paid. */
    async function returnPage(cartId: string) {
      return api.get(`/store/monobank/checkout/${cartId}`, fx.store).catch((error: any) => error.response)
    }

    async function linkToOrder(checkoutId: string, orderId: string) {
      await getContainer()
        .resolve(ContainerRegistrationKeys.LINK)
        .create({ [MONOBANK_CHECKOUT_MODULE]: { monobank_checkout_order_id: checkoutId }, [Modules.ORDER]: { order_id: orderId } })
    }

    /** Every order id the record is linked to, whether or not that order still exists. */
    async function linkedOrderIds(checkoutId: string): Promise<string[]> {
      const { data } = await getContainer()
        .resolve(ContainerRegistrationKeys.QUERY)
        .graph({ entity: CHECKOUT_ORDER_LINK_ENTITY, fields: ["order_id"], filters: { monobank_checkout_order_id: checkoutId } })
      return data.map((row: { order_id: string }) => row.order_id)
    }

    async function orderRowExists(container: MedusaContainer, orderId: string) {
      const orders = await container.resolve(Modules.ORDER).listOrders({ id: orderId }, { select: ["id"], withDeleted: true })
      return orders.length > 0
    }

    /** The cart's one order, and the record completed and linked to it (an order that exists). */
    async function expectOneOrderAndCompleted(cartId: string) {
      const { count, order } = await orderOfCart(getContainer(), cartId)
      expect(count).toBe(1)
      const checkout = await checkoutOrderOfCart(getContainer(), cartId)
      expect(checkout).toMatchObject({ status: "completed", error: null, order: { id: order.id } })
      expect(await linkedOrderIds(checkout.id)).toEqual([order.id])
      return order
    }

    /**
     * What the race left behind: the record marked `status` by the sync that linked it, linked to
     * an order that Medusa's compensation deleted (`deleteOrders`, a hard delete, as it undoes
     * `createOrdersStep`); the cart is open again, as the compensation leaves it.
     */
    async function leaveDeadLink(cartId: string, status: "completed" | "needs_attention") {
      const orderModule = getContainer().resolve(Modules.ORDER)
      const [order] = await orderModule.createOrders([{ currency_code: "uah", email: SHOPPER.email, region_id: fx.regionId }])
      const checkout = await checkoutOrderOfCart(getContainer(), cartId)
      await linkToOrder(checkout.id, order.id)
      await checkoutModule().updateCheckoutOrderState({
        id: checkout.id,
        status,
        completed_at: status === "completed" ? new Date() : null,
        error: status === "completed" ? null : "Cannot create multiple links between 'monobankCheckout' and 'order'",
      })
      await orderModule.deleteOrders([order.id])
      expect(await orderRowExists(getContainer(), order.id)).toBe(false)
      expect(await linkedOrderIds(checkout.id)).toEqual([order.id])
      return order.id
    }

    it("a placement whose order another sync linked meanwhile keeps that order: one order, the record completed", async () => {
      const { cart } = await paidCheckoutCart()
      const checkout = await checkoutOrderOfCart(getContainer(), cart.id)
      let linkedByOther: string | undefined
      duringCompletion = {
        cartId: cart.id,
        run: async (orderId) => {
          // The racing sync: its own completion returned this order; it links the record and completes it.
          await linkToOrder(checkout.id, orderId)
          await checkoutModule().updateCheckoutOrderState({ id: checkout.id, status: "completed", completed_at: new Date(), error: null })
          linkedByOther = orderId
        },
      }

      expect((await returnPage(cart.id)).status).toBe(200)
      expect(linkedByOther).toBeDefined()
      expect(await orderRowExists(getContainer(), linkedByOther!)).toBe(true)
      const order = await expectOneOrderAndCompleted(cart.id)
      expect(order.id).toBe(linkedByOther)

      // Later syncs find the order and place nothing more.
      await sleep(BANK_READ_INTERVAL_MS + 250)
      expect((await returnPage(cart.id)).data.checkout).toMatchObject({ status: "completed", medusa_order_id: order.id })
      await expectOneOrderAndCompleted(cart.id)
    })

    it("a completion rolled back after another sync linked its order leaves no link to the deleted order, and the next sync places the order once", async () => {
      const { cart } = await paidCheckoutCart()
      const checkout = await checkoutOrderOfCart(getContainer(), cart.id)
      let deletedOrderId: string | undefined
      duringCompletion = {
        cartId: cart.id,
        run: async (orderId) => {
          await linkToOrder(checkout.id, orderId)
          await checkoutModule().updateCheckoutOrderState({ id: checkout.id, status: "completed", completed_at: new Date(), error: null })
          deletedOrderId = orderId
          // ...and this completion fails after that: Medusa undoes it and deletes its order.
          throw new Error("the completion failed after another sync linked its order")
        },
      }

      await returnPage(cart.id)
      expect(deletedOrderId).toBeDefined()
      expect(await orderRowExists(getContainer(), deletedOrderId!)).toBe(false)
      expect((await orderOfCart(getContainer(), cart.id)).count).toBe(0)
      // No order: the record is not completed and not linked to the deleted one.
      const after = await checkoutOrderOfCart(getContainer(), cart.id)
      expect(after.status).toBe("needs_attention")
      expect(await linkedOrderIds(checkout.id)).toEqual([])

      await sleep(BANK_READ_INTERVAL_MS + 250)
      expect((await returnPage(cart.id)).status).toBe(200)
      await expectOneOrderAndCompleted(cart.id)
    })

    it("the return page's sync finds the record completed but linked to an order a rollback deleted, removes the dead link and places the order once", async () => {
      await clearOfScheduledCheckoutSync()
      const { cart, bankOrderId } = await paidCheckoutCart()
      const deleted = await leaveDeadLink(cart.id, "completed")

      const res = await returnPage(cart.id)
      expect(res.status).toBe(200)
      const order = await expectOneOrderAndCompleted(cart.id)
      expect(order.id).not.toBe(deleted)
      expect(res.data.checkout).toMatchObject({ status: "completed", medusa_order_id: order.id, checkout_order_id: bankOrderId })
      expect(order.payment_collections.flatMap((pc: any) => pc.payments)).toHaveLength(1)

      await sleep(BANK_READ_INTERVAL_MS + 250)
      await returnPage(cart.id)
      expect(await syncMonobankCheckoutOrdersJob(getContainer())).toMatchObject({ checked: 0 })
      await expectOneOrderAndCompleted(cart.id)
    })

    it("the scheduled sync finds completed and needs-attention records linked to a deleted order and places each order once", async () => {
      await clearOfScheduledCheckoutSync()
      const completed = await paidCheckoutCart()
      const flagged = await paidCheckoutCart()
      await leaveDeadLink(completed.cart.id, "completed")
      await leaveDeadLink(flagged.cart.id, "needs_attention")

      expect(await syncMonobankCheckoutOrdersJob(getContainer())).toMatchObject({ checked: 2, synced: 2 })
      await expectOneOrderAndCompleted(completed.cart.id)
      await expectOneOrderAndCompleted(flagged.cart.id)

      // Settled: the next run reads nothing and places nothing.
      expect(await syncMonobankCheckoutOrdersJob(getContainer())).toMatchObject({ checked: 0 })
      await expectOneOrderAndCompleted(completed.cart.id)
      await expectOneOrderAndCompleted(flagged.cart.id)
    })

    it("the return page and the scheduled sync at the same time place the order of a dead link once", async () => {
      const { cart } = await paidCheckoutCart()
      await leaveDeadLink(cart.id, "completed")

      await Promise.all([returnPage(cart.id), syncMonobankCheckoutOrdersJob(getContainer()), returnPage(cart.id)])
      await sleep(BANK_READ_INTERVAL_MS + 250)
      await Promise.all([returnPage(cart.id), syncMonobankCheckoutOrdersJob(getContainer())])
      await expectOneOrderAndCompleted(cart.id)
    })

    it("an order the admin canceled, or one soft-deleted, is not gone: neither the sync nor the scheduled job places a second one", async () => {
      const placed: { cartId: string; orderId: string }[] = []
      for (let i = 0; i < 2; i++) {
        const cart = await createCheckoutCart(api, fx)
        const res = await startCheckout(api, fx, { cart_id: cart.id })
        await env.emulator.control.completeCheckout(res.data.redirect_url.split("/").pop(), {
          delivery_method: "courier",
          payment_method: "payment_on_delivery",
          client: { first_name: SHOPPER.first_name, last_name: SHOPPER.last_name, phoneNumber: SHOPPER.phoneNumber, email: SHOPPER.email },
          delivery: { address: "Львів, пл. Ринок, 1, кв. 2", cityName: "Львів", areaName: "Львівська" },
        })
        await env.emulator.control.flushWebhooks()
        const order = await expectOneOrderAndCompleted(cart.id)
        placed.push({ cartId: cart.id, orderId: order.id })
      }
      const [canceled, softDeleted] = placed
      const cancel = await api.post(`/admin/orders/${canceled.orderId}/cancel`, {}, fx.admin)
      expect(cancel.data.order.status).toBe("canceled")
      await getContainer().resolve(Modules.ORDER).softDeleteOrders([softDeleted.orderId])

      await sleep(BANK_READ_INTERVAL_MS + 250)
      for (const { cartId } of placed) expect((await returnPage(cartId)).status).toBe(200)
      await syncMonobankCheckoutOrdersJob(getContainer())

      const { count, order } = await orderOfCart(getContainer(), canceled.cartId)
      expect(count).toBe(1)
      expect(order).toMatchObject({ id: canceled.orderId })
      const { data: cartOrders } = await getContainer()
        .resolve(ContainerRegistrationKeys.QUERY)
        .graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: softDeleted.cartId } })
      expect(cartOrders.map((row: { order_id: string }) => row.order_id)).toEqual([softDeleted.orderId])
      for (const { cartId, orderId } of placed) {
        const checkout = await checkoutOrderOfCart(getContainer(), cartId)
        expect(checkout).toMatchObject({ status: "completed", error: null })
        expect(await linkedOrderIds(checkout.id)).toEqual([orderId])
      }
    })
  },
})
