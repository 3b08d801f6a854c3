/** Acquiring invoice endpoints: create, status, cancel, remove, finalize, fiscal checks, receipt. */
import type { Emulator } from "../emulator"
import { HttpError, jsonBody, ok, parseWith, requiredQuery, type RequestContext } from "../http-util"
import type { Route } from "../router"
import { fiscalChecksOf, receiptOf } from "./receipts"
import { statusRecord } from "./records"
import { invoiceCancelSchema, invoiceCreateSchema, invoiceFinalizeSchema, invoiceIdSchema } from "./schemas"

export function acquiringAuth(emulator: Emulator) {
  return (ctx: RequestContext): void => {
    const token = ctx.headers["x-token"]
    if (typeof token !== "string" || token !== emulator.options.acquiringToken) {
      throw new HttpError(403, "invalid or missing X-Token", "FORBIDDEN")
    }
  }
}

export function invoiceRoutes(emulator: Emulator): Route[] {
  const auth = acquiringAuth(emulator)
  const invoices = emulator.invoices
  const base = { family: "acquiring" as const, auth }
  return [
    {
      ...base,
      method: "POST",
      pattern: "/api/merchant/invoice/create",
      handler: (ctx) => {
        const body = parseWith(invoiceCreateSchema, jsonBody(ctx))
        const invoice = invoices.create({ ...body, origin: "invoice" })
        const pageUrl = `${emulator.baseUrl()}/pay/${invoice.invoiceId}`
        return ok(body.withAppUrl ? { invoiceId: invoice.invoiceId, pageUrl, appUrl: pageUrl } : { invoiceId: invoice.invoiceId, pageUrl })
      },
    },
    {
      ...base,
      method: "GET",
      pattern: "/api/merchant/invoice/status",
      handler: (ctx) => ok(emulator.shapes.acquiringStatus(statusRecord(invoices.get(requiredQuery(ctx, "invoiceId"))))),
    },
    {
      ...base,
      method: "GET",
      pattern: "/api/merchant/invoice/fiscal-checks",
      handler: (ctx) => ok({ checks: fiscalChecksOf(invoices.get(requiredQuery(ctx, "invoiceId")), emulator.fiscalization) }),
    },
    {
      ...base,
      method: "GET",
      pattern: "/api/merchant/invoice/receipt",
      handler: (ctx) => ok(receiptOf(invoices.get(requiredQuery(ctx, "invoiceId")))),
    },
    {
      ...base,
      method: "POST",
      pattern: "/api/merchant/invoice/cancel",
      handler: (ctx) => {
        const body = parseWith(invoiceCancelSchema, jsonBody(ctx))
        return ok(invoices.cancel(invoices.get(body.invoiceId), body))
      },
    },
    {
      ...base,
      method: "POST",
      pattern: "/api/merchant/invoice/remove",
      handler: (ctx) => {
        const body = parseWith(invoiceIdSchema, jsonBody(ctx))
        invoices.remove(invoices.get(body.invoiceId))
        return ok({})
      },
    },
    {
      ...base,
      method: "POST",
      pattern: "/api/merchant/invoice/finalize",
      handler: (ctx) => {
        const body = parseWith(invoiceFinalizeSchema, jsonBody(ctx))
        invoices.finalize(invoices.get(body.invoiceId), body.amount, body.items)
        return ok({ status: "success" })
      },
    },
  ]
}
