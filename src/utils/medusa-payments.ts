/**
 * What a provider reads from Medusa's payment records, asked through the payment module's public
 * service in the application's container (`listPayments`, `listPaymentSessions`, `listCaptures`).
 * Medusa tells a provider only ids (a session id on a webhook, a capture id on a capture); the
 * records behind them are read here.
 */
import type { BigNumberInput, IPaymentModuleService } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { optionalFromCradle, type ModuleScope } from "./module-container"

/** The public reads a provider uses; tests pass their own. */
export type PaymentReads = Pick<IPaymentModuleService, "listPayments" | "listPaymentSessions" | "listCaptures">

/**
 * The payment module's public methods a refund reads and writes its records with. `updateRefunds`
 * and `softDeleteRefunds` are the methods Medusa's service factory (`MedusaService`) gives the
 * module's service for its Refund model; `IPaymentModuleService` does not declare them, so the
 * module spec integration-tests/modules/provider-registration.spec.ts checks them against the real
 * module. `updatePayment` stores what its type leaves out (`data`, `metadata`) as the module does.
 */
export type RefundRecords = Pick<IPaymentModuleService, "listRefunds" | "listPayments"> & {
  updatePayment(data: { id: string; data?: Record<string, unknown>; metadata?: Record<string, unknown> }): Promise<unknown>
  updateRefunds(data: { id: string; metadata?: Record<string, unknown> | null }): Promise<unknown>
  softDeleteRefunds(ids: string[]): Promise<unknown>
}

/** Everything a provider asks the payment module. */
export type PaymentRecords = PaymentReads & RefundRecords

/** The payment module the container holds, or undefined (a unit test's stand-in without one). */
export function paymentModuleOf(cradle: ModuleScope): PaymentRecords | undefined {
  return optionalFromCradle<PaymentRecords>(cradle, Modules.PAYMENT)
}

/** The payment module, or a throw saying the provider cannot reach its records. */
export function requirePaymentModule<T>(paymentModule: T | undefined): T {
  if (!paymentModule) throw new Error("the payment module's records are not available to the provider")
  return paymentModule
}

/** "unknown": the module could not be asked; a caller must then treat the money as taken. */
export type SessionPaymentState = "rests" | "none" | "unknown"

/**
 * Whether a Medusa payment rests on a payment session. A provider asks before it releases bank
 * money outside a cancel of that very payment: Medusa also calls `cancelPayment` when creating the
 * payment failed, for instance because a concurrent authorize of the session created it.
 */
export async function paymentStateOfSession(
  sessionId: string | undefined,
  paymentModule: Pick<PaymentReads, "listPayments"> | undefined
): Promise<SessionPaymentState> {
  if (!sessionId || !paymentModule) return "unknown"
  try {
    const payments = await paymentModule.listPayments({ payment_session_id: sessionId }, { select: ["id", "canceled_at"] })
    return payments.some((payment) => !payment.canceled_at) ? "rests" : "none"
  } catch {
    return "unknown"
  }
}

export type StoredPaymentState = {
  sessionData?: Record<string, unknown>
  sessionStatus?: string
  paymentData?: Record<string, unknown>
}

/**
 * What Medusa stores for a payment session and its payment, if any ({} without a payment module or
 * such a session). A failed read throws: the caller (a webhook) must fail and be retried, not act as
 * if the session did not exist.
 */
export async function readStoredState(
  sessionId: string,
  paymentModule: Pick<PaymentReads, "listPaymentSessions"> | undefined
): Promise<StoredPaymentState> {
  if (!paymentModule) return {}
  let session: Awaited<ReturnType<PaymentReads["listPaymentSessions"]>>[number] | undefined
  try {
    ;[session] = await paymentModule.listPaymentSessions({ id: sessionId }, { select: ["id", "data", "status"], relations: ["payment"] })
  } catch (error) {
    throw new Error(`monobank: could not read payment session ${sessionId}: ${(error as Error).message}`, { cause: error })
  }
  if (!session) return {}
  return { sessionData: session.data ?? undefined, sessionStatus: session.status, paymentData: session.payment?.data ?? undefined }
}

export type CaptureRequest = {
  /** What Medusa is capturing now; undefined when Medusa has no capture with that id. */
  amount?: BigNumberInput
  /** Captures Medusa recorded earlier on the same payment. */
  earlier: BigNumberInput[]
}

/**
 * The capture Medusa just recorded (the provider is told only its id) and the ones before it.
 * A failure throws, also when there is no payment module to ask: without the amount a capture
 * would finalize the whole hold, so nothing may be sent to the bank.
 */
export async function readCaptureRequest(
  captureId: string | undefined,
  paymentModule: Pick<PaymentReads, "listCaptures"> | undefined
): Promise<CaptureRequest> {
  if (!captureId) return { earlier: [] }
  try {
    if (!paymentModule) throw new Error("the payment module is not available to the provider")
    const [capture] = await paymentModule.listCaptures({ id: captureId }, { select: ["id", "raw_amount", "payment_id"] })
    if (!capture) return { earlier: [] }
    const paymentId = (capture as { payment_id?: string }).payment_id
    if (!capture.raw_amount || !paymentId) throw new Error("Medusa returned the capture without its amount or payment")
    const all = await paymentModule.listCaptures({ payment_id: paymentId }, { select: ["id", "raw_amount"] })
    return {
      amount: capture.raw_amount as BigNumberInput,
      earlier: all.filter((c) => c.id !== capture.id).map((c) => c.raw_amount as BigNumberInput),
    }
  } catch (error) {
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `monobank: could not read the amount of Medusa's capture ${captureId} (${(error as Error).message}); nothing was sent to monobank. Try the capture again`
    )
  }
}
