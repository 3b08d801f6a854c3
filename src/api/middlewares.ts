import { defineMiddlewares } from "@medusajs/framework/http"
import { addInstallmentCartContext } from "./store/monobank/installments/session-middleware"

export default defineMiddlewares({
  routes: [
    {
      // monobank installments: cart lines and billing phone for the bank order, and the previous
      // installments order withdrawn before a new one is created (see the middleware).
      method: ["POST"],
      matcher: "/store/payment-collections/:id/payment-sessions",
      middlewares: [addInstallmentCartContext],
    },
  ],
})
