/** QR cashiers: a few fixed test cashiers; an invoice created with `qrId` sets the cashier's amount. */
import { badRequest, notFound } from "../http-util"

export type QrAmountType = "merchant" | "client" | "fix"

type QrCashier = { qrId: string; shortQrId: string; amountType: QrAmountType }
type QrBinding = { invoiceId: string; amount: number; ccy: number }

const CASHIERS: readonly QrCashier[] = [
  { qrId: "XJ_DiM4rTd5V", shortQrId: "OBJE", amountType: "merchant" },
  { qrId: "Kq2Lm8Pz1Wx0", shortQrId: "KQ2L", amountType: "merchant" },
  { qrId: "Cl7Nt3Ra9Yb4", shortQrId: "CL7N", amountType: "client" },
  { qrId: "Fx5Hd6Jg2Vc8", shortQrId: "FX5H", amountType: "fix" },
]

export class QrCashiers {
  private readonly bindings = new Map<string, QrBinding>()

  constructor(private readonly baseUrl: () => string) {}

  list() {
    return CASHIERS.map((cashier) => ({ ...cashier, pageUrl: `${this.baseUrl()}/qr/${cashier.qrId}` }))
  }

  details(qrId: string) {
    const cashier = this.cashier(qrId)
    const binding = this.bindings.get(qrId)
    return binding ? { shortQrId: cashier.shortQrId, ...binding } : { shortQrId: cashier.shortQrId }
  }

  /** Invoice create with qrId: only cashiers where the merchant sets the amount accept it. */
  checkBindable(qrId: string): void {
    if (this.cashier(qrId).amountType !== "merchant") {
      throw badRequest(`qrId: the amount of QR cashier ${qrId} is not set by the merchant`)
    }
  }

  bind(qrId: string, binding: QrBinding): void {
    this.bindings.set(qrId, binding)
  }

  invoiceOf(qrId: string): string | undefined {
    this.cashier(qrId)
    return this.bindings.get(qrId)?.invoiceId
  }

  resetAmount(qrId: string): string | undefined {
    this.cashier(qrId)
    const invoiceId = this.bindings.get(qrId)?.invoiceId
    this.bindings.delete(qrId)
    return invoiceId
  }

  reset(): void {
    this.bindings.clear()
  }

  private cashier(qrId: string): QrCashier {
    const cashier = CASHIERS.find((candidate) => candidate.qrId === qrId)
    if (!cashier) throw notFound(`QR cashier ${qrId} not found`)
    return cashier
  }
}
