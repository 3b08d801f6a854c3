/** Control API under /_emulator/* (no auth; for tests and demos only). Errors are `{ error, errCode }`. */
import { z } from "zod"
import { invoiceState, referenceReport, statusRecord } from "./acquiring/records"
import { inspectCard } from "./cards"
import { extendedShape } from "./checkout/records"
import { checkoutCompletionSchema } from "./checkout/schemas"
import { TEST_CARDS } from "./constants"
import type { Emulator } from "./emulator"
import { badRequest, jsonBody, notFound, ok, parseWith } from "./http-util"
import { PARTIAL_REFUND_STATUSES } from "./options"
import type { Route } from "./router"

const payInvoiceSchema = z.strictObject({
  pan: z.string().optional(),
  exp: z.string().optional(),
  cvv: z.string().optional(),
})

const faultSchema = z.strictObject({
  method: z.string().optional(),
  path: z.string().startsWith("/", { error: "must be a path starting with /" }),
  count: z.number().int().positive(),
  kind: z.enum(["500", "429", "slow", "reset", "hold"]),
  delayMs: z.number().int().nonnegative().optional(),
  retryAfterSeconds: z.number().int().nonnegative().optional(),
  afterProcessing: z.boolean().optional(),
})

const share = z.number().min(0).max(1).optional()
const chaosSchema = z.strictObject({
  seed: z.number().int(),
  api: z.strictObject({ error500: share, error429: share, slow: share, slowMs: z.number().int().positive().optional() }).optional(),
  notifications: z
    .strictObject({ drop: share, duplicate: share, delay: share, delayMs: z.number().int().positive().optional() })
    .optional(),
})

export function controlRoutes(emulator: Emulator): Route[] {
  const { invoices, installments, checkout, delivery, clock } = emulator
  const route = (method: Route["method"], pattern: string, handler: Route["handler"]): Route => ({
    method,
    pattern: `/_emulator${pattern}`,
    family: "control",
    handler,
  })
  return [
    route("POST", "/reset", () => {
      emulator.reset()
      return ok({ ok: true })
    }),
    route("GET", "/invoices/:invoiceId", (ctx) => ok(invoiceState(invoices.get(ctx.params.invoiceId)))),
    route("POST", "/invoices/:invoiceId/pay", (ctx) => {
      const invoice = invoices.get(ctx.params.invoiceId)
      const body = parseWith(payInvoiceSchema, jsonBody(ctx))
      const card = inspectCard(
        { pan: body.pan ?? TEST_CARDS.visa, exp: body.exp ?? "12/99", cvv: body.cvv ?? "123" },
        new Date(clock.nowMs())
      )
      if ("error" in card) throw badRequest(card.error)
      invoices.present(invoice, { ...card.profile, method: card.profile.paidBy ?? "pan" })
      return ok(statusRecord(invoice))
    }),
    route("POST", "/invoices/:invoiceId/3ds", (ctx) => {
      const invoice = invoices.get(ctx.params.invoiceId)
      const body = parseWith(z.strictObject({ success: z.boolean() }), jsonBody(ctx))
      invoices.complete3ds(invoice, body.success)
      return ok(statusRecord(invoice))
    }),
    route("GET", "/installments/:orderId", (ctx) => ok(installments.get(ctx.params.orderId))),
    route("GET", "/installments-by-store-order/:storeOrderId", (ctx) => {
      const order = installments.findByStoreOrderId(ctx.params.storeOrderId)
      if (!order) throw notFound(`no installment order with store_order_id ${ctx.params.storeOrderId}`)
      return ok(order)
    }),
    route("POST", "/installments/:orderId/client-confirm", (ctx) => {
      const order = installments.get(ctx.params.orderId)
      installments.clientConfirm(order)
      return ok(order)
    }),
    route("POST", "/installments/:orderId/client-reject", (ctx) => {
      const order = installments.get(ctx.params.orderId)
      installments.clientReject(order)
      return ok(order)
    }),
    route("POST", "/installments/:orderId/client-timeout", (ctx) => {
      const order = installments.get(ctx.params.orderId)
      installments.clientTimeout(order)
      return ok(order)
    }),
    route("POST", "/installments/:orderId/fully-paid", (ctx) => {
      const order = installments.get(ctx.params.orderId)
      installments.fullyPaid(order)
      return ok(order)
    }),
    route("PUT", "/installments/:orderId/card-return", (ctx) => {
      const order = installments.get(ctx.params.orderId)
      installments.setCardReturnPossible(order, parseWith(z.strictObject({ possible: z.boolean() }), jsonBody(ctx)).possible)
      return ok(order)
    }),
    route("GET", "/checkout-by-ref/:orderRef", (ctx) => {
      const order = checkout.getByRef(ctx.params.orderRef)
      return ok({ ...order, record: extendedShape(order) })
    }),
    route("GET", "/checkout/:orderId", (ctx) => {
      const order = checkout.get(ctx.params.orderId)
      return ok({ ...order, record: extendedShape(order) })
    }),
    route("POST", "/checkout/:orderId/complete", async (ctx) => {
      const order = checkout.get(ctx.params.orderId)
      await checkout.complete(order, parseWith(checkoutCompletionSchema, jsonBody(ctx)))
      return ok({ ...order, record: extendedShape(order) })
    }),
    route("POST", "/checkout/:orderId/finalize", (ctx) => {
      const order = checkout.get(ctx.params.orderId)
      checkout.finalizeHold(order)
      return ok({ ...order, record: extendedShape(order) })
    }),
    route("GET", "/clock", () => ok({ now: clock.iso(), pending: clock.pending() })),
    route("POST", "/clock/advance", (ctx) => {
      const { ms } = parseWith(z.strictObject({ ms: z.number().nonnegative() }), jsonBody(ctx))
      clock.advance(ms)
      return ok({ now: clock.iso() })
    }),
    route("POST", "/keys/rotate", () => ok({ key: emulator.keys.rotate() })),
    route("PUT", "/chaos", (ctx) => {
      emulator.chaos.configure(parseWith(chaosSchema, jsonBody(ctx)))
      return ok(emulator.chaos.tally())
    }),
    route("GET", "/chaos", () => ok(emulator.chaos.tally())),
    route("DELETE", "/chaos", () => {
      emulator.chaos.reset()
      return ok(emulator.chaos.tally())
    }),
    route("GET", "/faults", () => ok(emulator.faults.list())),
    route("POST", "/faults", (ctx) => {
      emulator.faults.add(parseWith(faultSchema, jsonBody(ctx)))
      return ok(emulator.faults.list())
    }),
    route("POST", "/faults/release", () => ok({ released: emulator.faults.releaseHeld() })),
    route("DELETE", "/faults", () => {
      emulator.faults.reset()
      return ok([])
    }),
    route("PUT", "/webhooks/mode", (ctx) => {
      const { mode } = parseWith(z.strictObject({ mode: z.enum(["deliver", "hold", "drop", "duplicate"]) }), jsonBody(ctx))
      delivery.mode = mode
      return ok({ mode })
    }),
    route("POST", "/webhooks/release", async (ctx) => {
      const options = parseWith(
        z.strictObject({ order: z.enum(["fifo", "reverse"]).optional(), duplicate: z.boolean().optional() }),
        jsonBody(ctx)
      )
      return ok({ released: await delivery.release(options) })
    }),
    route("POST", "/webhooks/flush", async () => {
      await delivery.flush()
      return ok({ ok: true })
    }),
    route("GET", "/deliveries", () => ok(delivery.list())),
    route("PUT", "/acquiring/partial-refund-status", (ctx) => {
      const { status } = parseWith(z.strictObject({ status: z.enum(PARTIAL_REFUND_STATUSES) }), jsonBody(ctx))
      emulator.partialRefundStatus = status
      return ok({ status })
    }),
    route("PUT", "/acquiring/fiscalization", (ctx) => {
      const { enabled } = parseWith(z.strictObject({ enabled: z.boolean() }), jsonBody(ctx))
      emulator.fiscalization = enabled
      return ok({ enabled })
    }),
    route("PUT", "/checkout/delivery-price-url", (ctx) => {
      const { url } = parseWith(z.strictObject({ url: z.url({ protocol: /^https?$/ }).nullable() }), jsonBody(ctx))
      emulator.checkoutDeliveryPriceUrl = url ?? undefined
      return ok({ url })
    }),
    route("PUT", "/checkout/promo-code-url", (ctx) => {
      const { url } = parseWith(z.strictObject({ url: z.url({ protocol: /^https?$/ }).nullable() }), jsonBody(ctx))
      emulator.checkoutPromoCodeUrl = url ?? undefined
      return ok({ url })
    }),
    route("GET", "/calls", () => ok(emulator.calls.list())),
    route("GET", "/references/:reference", (ctx) => {
      const { reference } = ctx.params
      return ok(referenceReport(reference, invoices.withReference(reference), emulator.calls.withReference(reference)))
    }),
  ]
}
