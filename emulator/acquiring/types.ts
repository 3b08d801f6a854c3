import type { CardOutcome, PaymentSystem } from "../cards"
import type { FiscalRecord } from "./fiscalization"

export type InvoiceStatus = "created" | "processing" | "hold" | "success" | "failure" | "reversed" | "expired"
export type PaymentType = "debit" | "hold" | "verification"
export type PaymentMethod = "pan" | "apple" | "google" | "monobank" | "wallet" | "direct" | "monopay"
export type InvoiceOrigin = "invoice" | "payment-direct" | "wallet-payment" | "sync-payment"

export type CancelItem = {
  status: "processing" | "success" | "failure"
  amount: number
  ccy: number
  createdDate: string
  modifiedDate: string
  approvalCode: string
  rrn: string
  extRef?: string
}

/** Wallet (monopay) payments come without maskedPan and with paymentSystem "". */
export type PaymentInfo = {
  maskedPan?: string
  approvalCode?: string
  rrn?: string
  tranId?: string
  terminal: string
  bank?: string
  paymentSystem: PaymentSystem | ""
  paymentMethod: PaymentMethod
  fee?: number
  country?: string
  agentFee?: number
}

export type WalletData = { cardToken: string; walletId: string; status: "new" | "created" | "failed" }
export type TipsInfo = { employeeId: string; amount?: number }

/** The bank's invoice status record: `invoice/status`, `sync-payment` and every webhook body. */
export type InvoiceStatusRecord = {
  invoiceId: string
  status: InvoiceStatus
  failureReason?: string
  errCode?: string
  amount: number
  ccy: number
  finalAmount?: number
  createdDate: string
  modifiedDate: string
  reference?: string
  destination?: string
  paymentInfo?: PaymentInfo
  cancelList?: CancelItem[]
  tipsInfo?: TipsInfo
  walletData?: WalletData
  /** Not in the published schema; the bank adds it to wallet (monopay) payments. */
  payMethod?: "monopay"
}

/** `payment-direct` and `wallet/payment` answer. */
export type PaymentResultRecord = {
  invoiceId: string
  status: "processing" | "success" | "failure"
  failureReason?: string
  amount: number
  ccy: number
  createdDate: string
  modifiedDate: string
  tdsUrl?: string
}

export type CancelResult = { status: CancelItem["status"]; createdDate: string; modifiedDate: string }

/** A card the shopper entered, as the emulator keeps it (never the PAN or CVV). */
export type PresentedCard = {
  maskedPan: string
  paymentSystem: PaymentSystem
  outcome: CardOutcome
  fingerprint: string
  method: PaymentMethod
}

/** Everything the emulator knows about an invoice: the status record fields plus its own bookkeeping. */
export type Invoice = Omit<InvoiceStatusRecord, "cancelList"> & {
  cancelList: CancelItem[]
  paymentType: PaymentType
  origin: InvoiceOrigin
  expiresAt: string
  holdExpiresAt?: string
  redirectUrl?: string
  webHookUrl?: string
  merchantPaymInfo?: Record<string, unknown>
  qrId?: string
  code?: string
  saveCard?: { walletId: string }
  agentFeePercent?: number
  /** Set while a 3-D Secure confirmation is outstanding. */
  pending3ds?: PresentedCard
  /** Set when the merchant invalidated the invoice with `remove`. */
  removed?: boolean
  paid?: boolean
  /** Receipt lines sent with cancels and finalizes (see ./fiscalization). */
  fiscalItems?: FiscalRecord[]
}
