/** The merchant's statement: payments between two instants, newest first, with their reference. */
import type { Emulator } from "../emulator"
import { badRequest, ok, requiredQuery } from "../http-util"
import type { Route } from "../router"
import { statusRecord } from "./records"
import { acquiringAuth } from "./routes"

/** Invoice status -> the statement's (a refunded payment stays a payment, with its cancelList elsewhere). */
const STATEMENT_STATUS: Partial<Record<string, "hold" | "processing" | "success" | "failure">> = {
  processing: "processing",
  hold: "hold",
  success: "success",
  failure: "failure",
  reversed: "success",
}

/** The bank answers at most 31 days per request. */
const MAX_RANGE_SECONDS = 31 * 24 * 60 * 60

function unixSeconds(name: string, value: string): number {
  if (!/^\d+$/.test(value)) throw badRequest(`${name}: must be a unix timestamp in seconds`)
  return Number(value)
}

export function statementRoutes(emulator: Emulator): Route[] {
  return [
    {
      family: "acquiring",
      auth: acquiringAuth(emulator),
      method: "GET",
      pattern: "/api/merchant/statement",
      handler: (ctx) => {
        const from = unixSeconds("from", requiredQuery(ctx, "from"))
        const toText = ctx.url.searchParams.get("to")
        const to = toText ? unixSeconds("to", toText) : Math.floor(emulator.clock.nowMs() / 1000)
        if (to < from) throw badRequest("to: must not be before from")
        if (to - from > MAX_RANGE_SECONDS) throw badRequest("from: the period must be at most 31 days")
        // Only payments are in a statement: invoices nobody paid (created, expired) are not.
        const list = emulator.invoices
          .between(from * 1000, (to + 1) * 1000)
          .filter((invoice) => invoice.status in STATEMENT_STATUS)
          .reverse()
          .map((invoice) => {
            const record = statusRecord(invoice)
            return {
              invoiceId: record.invoiceId,
              status: STATEMENT_STATUS[invoice.status],
              maskedPan: record.paymentInfo?.maskedPan,
              date: record.createdDate,
              paymentScheme: "full",
              amount: record.amount,
              // The published item schema requires `profit` (it also declares an optional `profitAmount`,
              // which nothing says the bank fills in): send the required name only.
              profit: record.finalAmount ?? record.amount,
              ccy: record.ccy,
              approvalCode: record.paymentInfo?.approvalCode,
              rrn: record.paymentInfo?.rrn,
              reference: record.reference,
              destination: record.destination,
            }
          })
        return ok({ list })
      },
    },
  ]
}
