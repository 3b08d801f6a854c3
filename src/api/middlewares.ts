import { authenticate, defineMiddlewares } from "@medusajs/framework/http"
import { addMonobankBasket } from "./store/monobank/basket-middleware"
import { guardMonobankRefund } from "./admin/payments/refund-guard"
import { monobankAdminRoutePolicies } from "./admin/monobank/route-policies"
import { prepareInstallmentSession } from "./store/monobank/installments/session-middleware"
import { refuseSessionsOnPlacedOrder } from "./store/payment-collections/placed-order-guard"
import { refuseFulfilmentOfAwaitingOrder } from "./admin/orders/fulfilment-guard"
import { takeMonobankNotification } from "./hooks/payment/take-notification"

export default defineMiddlewares({
  routes: [
    {
      // Medusa's own webhook route (it keeps the raw body): the plugin's providers' deliveries are
      // taken by the plugin's handler, the same as on its own route below (./hooks/payment/take-notification).
      method: ["POST"],
      matcher: "/hooks/payment/:provider",
      bodyParser: { preserveRawBody: true },
      middlewares: [takeMonobankNotification],
    },
    {
      // Where new invoices and installment orders send their webhooks and callbacks.
      method: ["POST"],
      matcher: "/hooks/monobank/payment/:provider",
      bodyParser: { preserveRawBody: true },
    },
    {
      // Each middleware acts only when its own provider is chosen:
      // - card payments: the cart's receipt lines for the fiscal basket (`basketOrder`);
      // - installments: cart lines and billing phone for the bank order, and what the provider
      //   would refuse refused before Medusa deletes the collection's other sessions;
      // - any provider: an order placed before the installment's approval keeps its installment
      //   session while the bank waits.
      method: ["POST"],
      matcher: "/store/payment-collections/:id/payment-sessions",
      middlewares: [refuseSessionsOnPlacedOrder, addMonobankBasket, prepareInstallmentSession],
    },
    {
      // An order placed before the installment's approval is not fulfilled while the bank waits.
      method: ["POST"],
      matcher: "/admin/orders/:id/fulfillments",
      middlewares: [refuseFulfilmentOfAwaitingOrder],
    },
    {
      // Refunds of monobank payments: one at a time per order, refused while an order change is
      // open, and a refund Medusa answered with an error after the bank made it is marked for the
      // admin's retry (see ./admin/payments/refund-guard).
      method: ["POST"],
      matcher: "/admin/payments/:id/refund",
      middlewares: [guardMonobankRefund],
    },
    {
      // A customer's saved cards: only for the logged-in customer.
      method: ["GET"],
      matcher: "/store/monobank/saved-cards",
      middlewares: [authenticate("customer", ["session", "bearer"])],
    },
    {
      // mono checkout callbacks: X-Sign is checked over the exact bytes the bank sent.
      method: ["POST"],
      matcher: "/hooks/monobank/checkout",
      bodyParser: { preserveRawBody: true },
    },
    {
      // The bank's delivery-price requests: a signature they carry is checked over the exact bytes.
      method: ["POST"],
      matcher: "/hooks/monobank/checkout/delivery-prices",
      bodyParser: { preserveRawBody: true },
    },
    // The permissions each /admin/monobank route asks for when Medusa's RBAC is on
    // (see ./admin/monobank/route-policies).
    ...monobankAdminRoutePolicies,
  ],
})
