/**
 * Invoice state machine:
 *   created -> processing -> success | hold | failure      (card presented; 3-D Secure waits in processing)
 *   hold -> success (finalize) | reversed (cancel, or 9 days pass)
 *   success -> success/reversed (cancel, see refunds.ts)
 *   created | processing -> expired (validity runs out, or remove)
 * `modifiedDate` never goes back and moves on every change, in whole seconds by default (as the
 * bank's samples), so two changes within a second share it; every change except `expired` notifies.
 */
import type { Clock } from "../clock"
import type { PartialRefundStatus } from "../options"
import { DEFAULT_VALIDITY_SECONDS, HOLD_LIFETIME_MS, MAX_VALIDITY_SECONDS } from "../constants"
import { HttpError, badRequest, notFound } from "../http-util"
import { digits, newInvoiceId, newWalletId } from "../ids"
import { EMPLOYEES, ISSUING_BANK, SUBMERCHANTS, TERMINAL_ID, acquiringFee } from "./merchant"
import type { QrCashiers } from "./qr"
import { checkFiscalItems, keepFiscalItems, type FiscalItem } from "./fiscalization"
import { cancelInvoice, type CancelRequest } from "./refunds"
import type {
  CancelResult,
  Invoice,
  InvoiceOrigin,
  InvoiceStatus,
  PaymentInfo,
  PaymentType,
  PresentedCard,
} from "./types"
import type { Wallets } from "./wallets"

export type InvoiceBookDeps = {
  clock: Clock
  wallets: Wallets
  qr: QrCashiers
  /** Sends the webhook for the invoice's current state (if it has a webHookUrl). */
  notify: (invoice: Invoice) => void
  cancelSettleDelayMs: number
  /** Read when a partial refund settles (the control API can switch it while running). */
  partialRefundStatus: () => PartialRefundStatus
  /** The merchant's fiscalization switch (the control API can switch it while running). */
  fiscalization: () => boolean
}

export type NewInvoice = {
  amount: number
  ccy?: number
  paymentType?: PaymentType
  origin: InvoiceOrigin
  validity?: number
  merchantPaymInfo?: Record<string, unknown> & { reference?: string; destination?: string }
  redirectUrl?: string
  webHookUrl?: string
  qrId?: string
  code?: string
  saveCardData?: { saveCard: boolean; walletId?: string }
  tipsEmployeeId?: string
  agentFeePercent?: number
}

const PAID_STATUS = { debit: "success", hold: "hold", verification: "success" } as const satisfies Record<
  PaymentType,
  InvoiceStatus
>

const AWAITING_PAYMENT: ReadonlySet<InvoiceStatus> = new Set(["created", "processing"])
const THREE_DS_FAILED = { errCode: "1034", failureReason: "3-D Secure verification failed" }
const EXPIRED = { errCode: "8001", failureReason: "Invoice validity expired" }

/** The card part of paymentInfo: a wallet (monopay) payment shows no card number and no scheme. */
function cardFacts(card: PresentedCard, rest: Omit<PaymentInfo, "maskedPan" | "paymentSystem" | "paymentMethod">): PaymentInfo {
  if (card.method === "monopay") return { ...rest, paymentSystem: "", paymentMethod: "monopay" }
  return { maskedPan: card.maskedPan, ...rest, paymentSystem: card.paymentSystem, paymentMethod: card.method }
}

export class InvoiceBook {
  private readonly invoices = new Map<string, Invoice>()
  private readonly lastModifiedMs = new Map<string, number>()
  private readonly expiryTasks = new Map<string, number>()
  private readonly holdTasks = new Map<string, number>()

  constructor(private readonly deps: InvoiceBookDeps) {}

  create(input: NewInvoice): Invoice {
    this.checkReferences(input)
    const now = this.deps.clock.nowMs()
    const validity = Math.min(input.validity ?? DEFAULT_VALIDITY_SECONDS, MAX_VALIDITY_SECONDS)
    const invoice: Invoice = {
      invoiceId: newInvoiceId(),
      status: "created",
      amount: input.amount,
      ccy: input.ccy ?? 980,
      createdDate: this.deps.clock.bankIso(now),
      modifiedDate: this.deps.clock.bankIso(now),
      reference: input.merchantPaymInfo?.reference,
      destination: input.merchantPaymInfo?.destination,
      cancelList: [],
      tipsInfo: input.tipsEmployeeId ? { employeeId: input.tipsEmployeeId } : undefined,
      paymentType: input.paymentType ?? "debit",
      origin: input.origin,
      expiresAt: new Date(now + validity * 1000).toISOString(),
      redirectUrl: input.redirectUrl,
      webHookUrl: input.webHookUrl,
      merchantPaymInfo: input.merchantPaymInfo,
      qrId: input.qrId,
      code: input.code,
      saveCard: input.saveCardData?.saveCard
        ? { walletId: input.saveCardData.walletId ?? newWalletId() }
        : undefined,
      agentFeePercent: input.agentFeePercent,
    }
    this.invoices.set(invoice.invoiceId, invoice)
    this.lastModifiedMs.set(invoice.invoiceId, now)
    const expiry = this.deps.clock.schedule(now + validity * 1000, `expire ${invoice.invoiceId}`, () =>
      this.expire(invoice)
    )
    this.expiryTasks.set(invoice.invoiceId, expiry)
    if (input.qrId) {
      this.deps.qr.bind(input.qrId, { invoiceId: invoice.invoiceId, amount: invoice.amount, ccy: invoice.ccy })
    }
    return invoice
  }

  find(invoiceId: string): Invoice | undefined {
    return this.invoices.get(invoiceId)
  }

  get(invoiceId: string): Invoice {
    const invoice = this.invoices.get(invoiceId)
    if (!invoice) throw notFound(`invoice ${invoiceId} not found`)
    return invoice
  }

  /** Invoices created in [fromMs, toMs), oldest first. */
  between(fromMs: number, toMs: number): Invoice[] {
    return [...this.invoices.values()].filter((invoice) => {
      const created = Date.parse(invoice.createdDate)
      return created >= fromMs && created < toMs
    })
  }

  /** Invoices whose merchantPaymInfo.reference is `reference`, oldest first. */
  withReference(reference: string): Invoice[] {
    return [...this.invoices.values()].filter((invoice) => invoice.reference === reference)
  }

  reset(): void {
    this.invoices.clear()
    this.lastModifiedMs.clear()
    this.expiryTasks.clear()
    this.holdTasks.clear()
  }

  /** The shopper (hosted page) or the merchant (direct / token / sync payment) presents a card. */
  present(invoice: Invoice, card: PresentedCard, options: { skip3ds?: boolean } = {}): void {
    if (Date.parse(invoice.expiresAt) <= this.deps.clock.nowMs()) this.expire(invoice)
    if (invoice.status !== "created") {
      throw new HttpError(409, `invoice ${invoice.invoiceId} is not awaiting payment (status ${invoice.status})`)
    }
    invoice.status = "processing"
    invoice.paymentInfo = cardFacts(card, { terminal: TERMINAL_ID })
    if (card.method === "monopay") invoice.payMethod = "monopay"
    this.changed(invoice)
    if (card.outcome.kind === "3ds" && !options.skip3ds) {
      invoice.pending3ds = card
      return
    }
    this.settle(invoice, card, card.outcome.kind === "failure" ? card.outcome : undefined)
  }

  complete3ds(invoice: Invoice, success: boolean): void {
    const card = invoice.pending3ds
    if (!card || invoice.status !== "processing") {
      throw new HttpError(409, `invoice ${invoice.invoiceId} is not waiting for 3-D Secure (status ${invoice.status})`)
    }
    delete invoice.pending3ds
    this.settle(invoice, card, success ? undefined : THREE_DS_FAILED)
  }

  finalize(invoice: Invoice, amount: number, items?: FiscalItem[]): void {
    if (invoice.status !== "hold") throw badRequest(`invoice is not on hold (status ${invoice.status})`)
    if (amount > invoice.amount) throw badRequest(`amount: ${amount} exceeds the held amount ${invoice.amount}`)
    checkFiscalItems({ enabled: this.deps.fiscalization(), required: amount !== invoice.amount, operation: "finalize", amount, items })
    keepFiscalItems(invoice, { operation: "finalize", amount, items })
    this.deps.clock.cancel(this.holdTasks.get(invoice.invoiceId))
    delete invoice.holdExpiresAt
    invoice.status = "success"
    invoice.finalAmount = amount
    if (invoice.paymentInfo) invoice.paymentInfo.fee = acquiringFee(amount)
    this.changed(invoice)
  }

  /** Refund (or release of a hold); see refunds.ts. */
  cancel(invoice: Invoice, request: CancelRequest): CancelResult {
    return cancelInvoice(
      {
        clock: this.deps.clock,
        settleDelayMs: this.deps.cancelSettleDelayMs,
        partialRefundStatus: this.deps.partialRefundStatus,
        fiscalization: this.deps.fiscalization,
        changed: (changed) => this.changed(changed),
        stopHoldTimer: (held) => {
          this.deps.clock.cancel(this.holdTasks.get(held.invoiceId))
          delete held.holdExpiresAt
        },
      },
      invoice,
      request
    )
  }

  /** `remove`: an unpaid invoice becomes expired (failureReason says why); a paid one is a 400. */
  remove(invoice: Invoice): void {
    if (invoice.status === "expired") return
    if (!AWAITING_PAYMENT.has(invoice.status)) {
      throw badRequest(`invoice ${invoice.invoiceId} cannot be removed (status ${invoice.status})`)
    }
    this.toExpired(invoice, { failureReason: "Invoice removed by the merchant" })
    invoice.removed = true
  }

  private expire(invoice: Invoice): void {
    if (AWAITING_PAYMENT.has(invoice.status)) this.toExpired(invoice, EXPIRED)
  }

  private toExpired(invoice: Invoice, reason: { errCode?: string; failureReason: string }): void {
    this.deps.clock.cancel(this.expiryTasks.get(invoice.invoiceId))
    delete invoice.pending3ds
    invoice.status = "expired"
    if (reason.errCode) invoice.errCode = reason.errCode
    invoice.failureReason = reason.failureReason
    this.touch(invoice) // no webhook for expired
  }

  private settle(invoice: Invoice, card: PresentedCard, failure?: { errCode: string; failureReason: string }): void {
    this.deps.clock.cancel(this.expiryTasks.get(invoice.invoiceId))
    if (failure) {
      // no walletData: nothing was tokenized, and the record cannot carry a walletData without a token
      invoice.status = "failure"
      invoice.errCode = failure.errCode
      invoice.failureReason = failure.failureReason
      invoice.paymentInfo = { ...invoice.paymentInfo!, bank: ISSUING_BANK, country: "804" }
      this.changed(invoice)
      return
    }
    invoice.status = PAID_STATUS[invoice.paymentType]
    invoice.paid = true
    invoice.finalAmount = invoice.amount
    invoice.paymentInfo = cardFacts(card, {
      approvalCode: digits(6),
      rrn: digits(12),
      tranId: digits(12),
      terminal: TERMINAL_ID,
      bank: card.method === "monopay" ? "" : ISSUING_BANK,
      fee: acquiringFee(invoice.amount),
      country: "804",
      agentFee:
        invoice.agentFeePercent === undefined ? undefined : Math.round((invoice.amount * invoice.agentFeePercent) / 100),
    })
    if (invoice.paymentInfo.agentFee === undefined) delete invoice.paymentInfo.agentFee
    if (invoice.saveCard) {
      const stored = this.deps.wallets.save(invoice.saveCard.walletId, card)
      invoice.walletData = { cardToken: stored.cardToken, walletId: stored.walletId, status: "created" }
    }
    if (invoice.status === "hold") {
      const due = this.deps.clock.nowMs() + HOLD_LIFETIME_MS
      invoice.holdExpiresAt = new Date(due).toISOString()
      const task = this.deps.clock.schedule(due, `reverse hold ${invoice.invoiceId}`, () => this.reverseHold(invoice))
      this.holdTasks.set(invoice.invoiceId, task)
    }
    this.changed(invoice)
  }

  private reverseHold(invoice: Invoice): void {
    if (invoice.status !== "hold") return
    delete invoice.holdExpiresAt
    invoice.status = "reversed"
    invoice.finalAmount = 0
    this.changed(invoice)
  }

  private checkReferences(input: NewInvoice): void {
    if (input.code && !SUBMERCHANTS.some((submerchant) => submerchant.code === input.code)) {
      throw badRequest(`code: unknown submerchant terminal ${input.code}`)
    }
    if (input.tipsEmployeeId && !EMPLOYEES.some((employee) => employee.id === input.tipsEmployeeId)) {
      throw badRequest(`tipsEmployeeId: unknown employee ${input.tipsEmployeeId}`)
    }
    if (input.qrId) this.deps.qr.checkBindable(input.qrId)
  }

  private changed(invoice: Invoice): void {
    this.touch(invoice)
    this.deps.notify(invoice)
  }

  private touch(invoice: Invoice): void {
    const last = this.lastModifiedMs.get(invoice.invoiceId) ?? 0
    const at = Math.max(this.deps.clock.nowMs(), last + 1)
    this.lastModifiedMs.set(invoice.invoiceId, at)
    invoice.modifiedDate = this.deps.clock.bankIso(at)
  }
}
