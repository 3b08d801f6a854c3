/**
 * Medusa's floor for the webhook benchmark: a payment provider with no bank. Its webhook is a JSON
 * body `{session_id, amount}` signed with HMAC-SHA256 (`x-floor-signature`, hex); a valid one is
 * `captured`, so Medusa runs the same process-payment workflow (authorize, capture, complete the
 * cart) as for a paid monobank invoice, minus everything the plugin adds. Registered only when the
 * bench boots the dev store (MONOBANK_BENCH_FLOOR_PROVIDER=true, see medusa-config.ts).
 */
import { createHmac, timingSafeEqual } from "node:crypto"
import type {
  AuthorizePaymentInput,
  AuthorizePaymentOutput,
  CancelPaymentOutput,
  CapturePaymentInput,
  CapturePaymentOutput,
  DeletePaymentOutput,
  GetPaymentStatusOutput,
  InitiatePaymentInput,
  InitiatePaymentOutput,
  ProviderWebhookPayload,
  RefundPaymentInput,
  RefundPaymentOutput,
  RetrievePaymentOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
  WebhookActionResult,
} from "@medusajs/framework/types"
import { AbstractPaymentProvider, PaymentActions } from "@medusajs/framework/utils"

export const FLOOR_IDENTIFIER = "bench-floor"
export const FLOOR_SIGNATURE_HEADER = "x-floor-signature"

type Options = { secret: string }

export function signFloorWebhook(body: string, secret: string): string {
  return createHmac("sha256", secret).update(body).digest("hex")
}

export class BenchFloorProviderService extends AbstractPaymentProvider<Options> {
  static override identifier = FLOOR_IDENTIFIER
  private readonly secret: Buffer

  constructor(cradle: Record<string, unknown>, options: Options) {
    super(cradle, options)
    this.secret = Buffer.from(options.secret)
  }

  static override validateOptions(options: Record<string, unknown>) {
    if (typeof options.secret !== "string" || !options.secret) throw new Error("bench-floor: secret is required")
  }

  async initiatePayment(input: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    const sessionId = (input.data as { session_id?: string } | undefined)?.session_id
    return { id: sessionId ?? "floor", data: { session_id: sessionId } }
  }
  async authorizePayment(input: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    return { status: "authorized", data: input.data }
  }
  async capturePayment(input: CapturePaymentInput): Promise<CapturePaymentOutput> {
    return { data: input.data }
  }
  async refundPayment(input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    return { data: input.data }
  }
  async cancelPayment(): Promise<CancelPaymentOutput> {
    return { data: {} }
  }
  async deletePayment(): Promise<DeletePaymentOutput> {
    return { data: {} }
  }
  async getPaymentStatus(): Promise<GetPaymentStatusOutput> {
    return { status: "authorized" }
  }
  async retrievePayment(): Promise<RetrievePaymentOutput> {
    return { data: {} }
  }
  async updatePayment(input: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    return { data: input.data }
  }

  async getWebhookActionAndData(payload: ProviderWebhookPayload["payload"]): Promise<WebhookActionResult> {
    const raw = Buffer.isBuffer(payload.rawData) ? payload.rawData : Buffer.from(String(payload.rawData ?? ""))
    const given = Buffer.from(String(payload.headers[FLOOR_SIGNATURE_HEADER] ?? ""), "hex")
    const expected = createHmac("sha256", this.secret).update(raw).digest()
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { action: PaymentActions.FAILED }
    const { session_id, amount } = JSON.parse(raw.toString("utf8")) as { session_id: string; amount: number }
    return { action: PaymentActions.SUCCESSFUL, data: { session_id, amount } }
  }
}
