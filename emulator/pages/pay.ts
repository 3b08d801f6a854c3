/** Hosted payment page /pay/:invoiceId, the 3-D Secure page /3ds/:invoiceId and QR pages /qr/:qrId. */
import type { Invoice } from "../acquiring/types"
import { inspectCard } from "../cards"
import { TEST_CARDS } from "../constants"
import type { Emulator } from "../emulator"
import { formBody, type HandlerResult } from "../http-util"
import type { Route } from "../router"
import { errorLine, escapeHtml, formatMinorAmount, layout } from "./html"

/** What the page says about an invoice that cannot be paid any more. */
const STATUS_MESSAGES = {
  created: "Awaiting payment.",
  processing: "The payment is being processed.",
  hold: "Paid: the amount is held on the card.",
  success: "This invoice is paid.",
  failure: "The payment failed.",
  reversed: "This payment was cancelled and refunded.",
  expired: "This invoice has expired and can no longer be paid.",
} as const satisfies Record<Invoice["status"], string>

export function payPageRoutes(emulator: Emulator): Route[] {
  const { invoices } = emulator
  const after = (invoice: Invoice): HandlerResult => ({
    status: 303,
    redirect: invoice.redirectUrl ?? `${emulator.baseUrl()}/pay/${invoice.invoiceId}`,
  })
  return [
    {
      method: "GET",
      pattern: "/pay/:invoiceId",
      family: "page",
      handler: (ctx) => page(invoices.get(ctx.params.invoiceId)),
    },
    {
      method: "POST",
      pattern: "/pay/:invoiceId",
      family: "page",
      handler: (ctx) => {
        const invoice = invoices.get(ctx.params.invoiceId)
        if (invoice.status !== "created") return page(invoice, 409)
        const form = formBody(ctx)
        const card = inspectCard(
          { pan: form.get("pan") ?? "", exp: form.get("exp") ?? "", cvv: form.get("cvv") ?? "" },
          new Date(emulator.clock.nowMs())
        )
        if ("error" in card) return page(invoice, 400, card.error)
        invoices.present(invoice, { ...card.profile, method: card.profile.paidBy ?? "pan" })
        if (invoice.pending3ds) return { status: 303, redirect: `${emulator.baseUrl()}/3ds/${invoice.invoiceId}` }
        return after(invoice)
      },
    },
    {
      method: "GET",
      pattern: "/3ds/:invoiceId",
      family: "page",
      handler: (ctx) => threeDsPage(invoices.get(ctx.params.invoiceId)),
    },
    {
      method: "POST",
      pattern: "/3ds/:invoiceId",
      family: "page",
      handler: (ctx) => {
        const invoice = invoices.get(ctx.params.invoiceId)
        if (!invoice.pending3ds) return threeDsPage(invoice, 409)
        invoices.complete3ds(invoice, formBody(ctx).get("result") === "success")
        return after(invoice)
      },
    },
    {
      method: "GET",
      pattern: "/qr/:qrId",
      family: "page",
      handler: (ctx) => {
        const invoiceId = emulator.qr.invoiceOf(ctx.params.qrId)
        if (invoiceId) return { status: 303, redirect: `${emulator.baseUrl()}/pay/${invoiceId}` }
        return { status: 200, html: layout("QR cashier", "<h1>QR cashier</h1><p>No amount is set on this cashier.</p>") }
      },
    },
  ]
}

function summary(invoice: Invoice): string {
  const destination = invoice.destination ? `<p>${escapeHtml(invoice.destination)}</p>` : ""
  return `<p class="amount" data-testid="amount">${escapeHtml(formatMinorAmount(invoice.amount, invoice.ccy))}</p>${destination}
<p class="muted">Invoice ${escapeHtml(invoice.invoiceId)}${invoice.paymentType === "hold" ? " · the amount will be held" : ""}</p>`
}

function page(invoice: Invoice, status = 200, error?: string): HandlerResult {
  if (invoice.status !== "created") {
    const reason = invoice.status === "failure" || invoice.removed ? ` ${invoice.failureReason ?? ""}` : ""
    return {
      status,
      html: layout("Invoice", `<h1>Payment</h1>${summary(invoice)}<p data-testid="status" data-status="${invoice.status}">${escapeHtml(STATUS_MESSAGES[invoice.status] + reason)}</p>`),
    }
  }
  const cards = Object.entries(TEST_CARDS)
    .map(([name, pan]) => `<li><code>${pan}</code> ${escapeHtml(name)}</li>`)
    .join("")
  return {
    status,
    html: layout(
      "Pay",
      `<h1>Payment</h1>${summary(invoice)}${errorLine(error)}
<form method="post" action="/pay/${encodeURIComponent(invoice.invoiceId)}">
<label for="pan">Card number</label><input type="text" id="pan" name="pan" inputmode="numeric" autocomplete="cc-number" required>
<label for="exp">Expiry (MM/YY)</label><input type="text" id="exp" name="exp" placeholder="MM/YY" autocomplete="cc-exp" required>
<label for="cvv">CVV</label><input type="text" id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc" required>
<button type="submit">Pay ${escapeHtml(formatMinorAmount(invoice.amount, invoice.ccy))}</button>
</form>
<details><summary>Test cards</summary><ul>${cards}</ul><p class="muted">Any other Luhn-valid number pays; any future expiry, any 3-digit CVV.</p></details>`
    ),
  }
}

function threeDsPage(invoice: Invoice, status = 200): HandlerResult {
  if (!invoice.pending3ds) {
    return { status, html: layout("3-D Secure", `<h1>3-D Secure</h1><p>Nothing to confirm for this invoice (status ${escapeHtml(invoice.status)}).</p>`) }
  }
  return {
    status,
    html: layout(
      "3-D Secure",
      `<h1>3-D Secure</h1>${summary(invoice)}<p>Card ${escapeHtml(invoice.pending3ds.maskedPan)}: confirm the payment as the card holder.</p>
<form method="post" action="/3ds/${encodeURIComponent(invoice.invoiceId)}">
<button type="submit" name="result" value="success">Confirm</button>
<button type="submit" name="result" value="fail">Fail</button>
</form>`
    ),
  }
}
