/**
 * Reads the payment module's own records from inside the provider. Medusa does not hand a
 * provider its registration id, the capture amount, or the session's stored data on a webhook;
 * the provider lives in the payment module's container, where these are available. No read here
 * falls back silently: the stored state a webhook is checked against fails the webhook (Medusa's
 * event bus retries it), and the capture amount fails the capture (nothing is finalized).
 */
import type { BigNumberInput } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { optionalFromCradle, type Cradle } from "../../utils/module-container"

type ListService = {
  list(filters: Record<string, unknown>, config?: Record<string, unknown>): Promise<any[]>
}

export type StoredPaymentState = {
  sessionData?: Record<string, unknown>
  sessionStatus?: string
  paymentData?: Record<string, unknown>
}


/** The container key (`pp_monobank_<id>`) under which Medusa registered `instance`. */
export function findRegistrationKey(cradle: Cradle, identifier: string, instance: object): string | undefined {
  const keys = optionalFromCradle<string[]>(cradle, "payment_providers") ?? []
  for (const key of keys) {
    if (!key.startsWith(`pp_${identifier}`)) continue
    if (optionalFromCradle<object>(cradle, key) === instance) return key
  }
  return undefined
}

/**
 * What Medusa stores for a payment session and its payment, if any. A failed read throws: the
 * caller (a webhook) must fail and be retried, not act as if the session did not exist.
 */
export async function readStoredState(cradle: Cradle, sessionId: string): Promise<StoredPaymentState> {
  const sessions = optionalFromCradle<ListService>(cradle, "paymentSessionService")
  if (!sessions) return {}
  let session: any
  try {
    ;[session] = await sessions.list({ id: sessionId }, { select: ["id", "data", "status"], relations: ["payment"] })
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
 * Unlike the other reads, a failure here throws: without the amount a capture would finalize the
 * whole hold, so nothing may be sent to the bank.
 */
export async function readCaptureRequest(cradle: Cradle, captureId: string | undefined): Promise<CaptureRequest> {
  const captures = optionalFromCradle<ListService>(cradle, "captureService")
  if (!captureId) return { earlier: [] }
  try {
    if (!captures) throw new Error("the payment module's capture records are not available to the provider")
    const [capture] = await captures.list({ id: captureId }, { select: ["id", "raw_amount", "payment_id"] })
    if (!capture) return { earlier: [] }
    const all = capture.payment_id
      ? await captures.list({ payment_id: capture.payment_id }, { select: ["id", "raw_amount"] })
      : []
    return {
      amount: capture.raw_amount,
      earlier: all.filter((c) => c.id !== capture.id).map((c) => c.raw_amount),
    }
  } catch (error) {
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `monobank: could not read the amount of Medusa's capture ${captureId} (${(error as Error).message}); nothing was sent to monobank. Try the capture again`
    )
  }
}
