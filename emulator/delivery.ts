/**
 * Webhook / callback sender. Each notification is POSTed up to 3 times until the receiver answers
 * HTTP 200, `retryDelayMs` apart. Notifications about the same invoice / order go out one after the
 * other (in "deliver" mode); "hold" queues them for releaseWebhooks, "drop" only logs them,
 * "duplicate" sends each twice.
 */
import { request as httpRequest, type ClientRequest } from "node:http"
import { request as httpsRequest } from "node:https"
import { WEBHOOK_ATTEMPTS } from "./constants"

export type DeliveryKind = "acquiring" | "installments" | "checkout"
export type WebhookMode = "deliver" | "hold" | "drop" | "duplicate"
export type DeliveryAttempt = { status?: number; error?: string; at: string }
export type DeliveryState = "pending" | "held" | "delivered" | "failed" | "dropped"

export type DeliveryRecord = {
  id: string
  kind: DeliveryKind
  url: string
  /** The exact bytes sent, as text. */
  body: string
  headers: Record<string, string>
  /** invoiceId / order_id / orderId the notification is about. */
  subject: string
  state: DeliveryState
  attempts: DeliveryAttempt[]
}

export type Notification = Pick<DeliveryRecord, "kind" | "url" | "body" | "headers" | "subject">

export type DeliveryOptions = {
  retryDelayMs: number
  now: () => string
  timeoutMs?: number
  /** What chaos makes of a notification in "deliver" mode (see ./chaos); delivered when absent. */
  fate?: () => { fate: "deliver" | "drop" | "duplicate" | "delay"; delayMs: number }
}

export class Delivery {
  private records: DeliveryRecord[] = []
  private held: DeliveryRecord[] = []
  private chains = new Map<string, Promise<void>>()
  private readonly inFlight = new Set<Promise<void>>()
  /** Pending retry waits; reset ends them early (the send then sees the new generation and stops). */
  private readonly sleepers = new Map<NodeJS.Timeout, () => void>()
  private readonly requests = new Set<ClientRequest>()
  private generation = 0
  private nextId = 1
  mode: WebhookMode = "deliver"

  constructor(private readonly options: DeliveryOptions) {}

  enqueue(notification: Notification): void {
    if (this.mode === "drop") {
      this.record(notification, "dropped")
      return
    }
    if (this.mode === "hold") {
      this.held.push(this.record(notification, "held"))
      return
    }
    const { fate, delayMs } = this.mode === "deliver" && this.options.fate ? this.options.fate() : { fate: "deliver", delayMs: 0 }
    if (fate === "drop") {
      this.record(notification, "dropped")
      return
    }
    if (fate === "delay") {
      // Outside the per-subject chain: later notifications about the same subject overtake it.
      const record = this.record(notification, "pending")
      const generation = this.generation
      void this.track(this.sleep(delayMs).then(() => this.send(record, generation)))
      return
    }
    const copies = this.mode === "duplicate" || fate === "duplicate" ? 2 : 1
    for (let i = 0; i < copies; i++) this.chain(this.record(notification, "pending"))
  }

  /** Sends held notifications one after the other; resolves once all of them are settled. */
  async release(options: { order?: "fifo" | "reverse"; duplicate?: boolean } = {}): Promise<number> {
    const batch = options.order === "reverse" ? [...this.held].reverse() : [...this.held]
    this.held = []
    const generation = this.generation
    for (const record of batch) {
      const copies = options.duplicate ? [record, this.record(record, "pending")] : [record]
      for (const copy of copies) {
        copy.state = "pending"
        await this.track(this.send(copy, generation))
      }
    }
    return batch.length
  }

  /** Resolves when no notification is being sent or waiting for a retry. */
  async flush(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight])
  }

  list(): DeliveryRecord[] {
    return this.records.map((record) => ({ ...record, headers: { ...record.headers }, attempts: [...record.attempts] }))
  }

  heldCount(): number {
    return this.held.length
  }

  /** Forgets every record and queue; sends under way finish without being recorded. */
  reset(): void {
    this.generation++
    this.records = []
    this.held = []
    this.chains = new Map()
    this.mode = "deliver"
    for (const [timer, wake] of this.sleepers) {
      clearTimeout(timer)
      wake()
    }
    this.sleepers.clear()
  }

  /** Also aborts requests under way, so nothing keeps the process alive after close. */
  close(): void {
    this.reset()
    for (const request of this.requests) request.destroy()
  }

  private record(notification: Notification, state: DeliveryState): DeliveryRecord {
    const record: DeliveryRecord = {
      id: `dlv_${this.nextId++}`,
      kind: notification.kind,
      url: notification.url,
      body: notification.body,
      headers: { ...notification.headers },
      subject: notification.subject,
      state,
      attempts: [],
    }
    this.records.push(record)
    return record
  }

  private chain(record: DeliveryRecord): void {
    const generation = this.generation
    const previous = this.chains.get(record.subject) ?? Promise.resolve()
    const next = previous.then(() => this.send(record, generation))
    this.chains.set(record.subject, next)
    void this.track(next)
  }

  private track(promise: Promise<void>): Promise<void> {
    this.inFlight.add(promise)
    return promise.finally(() => this.inFlight.delete(promise))
  }

  private async send(record: DeliveryRecord, generation: number): Promise<void> {
    for (let attempt = 1; attempt <= WEBHOOK_ATTEMPTS; attempt++) {
      if (generation !== this.generation) return
      const outcome = await post(record, this.options.timeoutMs ?? 10_000, this.requests)
      if (generation !== this.generation) return
      record.attempts.push({ ...outcome, at: this.options.now() })
      if (outcome.status === 200) {
        record.state = "delivered"
        return
      }
      if (attempt < WEBHOOK_ATTEMPTS) await this.sleep(this.options.retryDelayMs)
    }
    record.state = "failed"
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.sleepers.delete(timer)
        resolve()
      }, ms)
      this.sleepers.set(timer, resolve)
    })
  }
}

function post(
  { url, body, headers }: DeliveryRecord,
  timeoutMs: number,
  active: Set<ClientRequest>
): Promise<{ status?: number; error?: string }> {
  return new Promise((resolve) => {
    let target: URL
    try {
      target = new URL(url)
    } catch {
      resolve({ error: "invalid URL" })
      return
    }
    const send = target.protocol === "https:" ? httpsRequest : httpRequest
    const payload = Buffer.from(body, "utf8")
    const req = send(
      target,
      {
        method: "POST",
        agent: false,
        timeout: timeoutMs,
        headers: {
          "Content-Type": "application/json",
          "Content-Length": String(payload.length),
          "User-Agent": "monobank-emulator",
          ...headers,
        },
      },
      (res) => {
        res.resume()
        res.on("end", () => resolve({ status: res.statusCode }))
        res.on("error", (error) => resolve({ status: res.statusCode, error: error.message }))
      }
    )
    active.add(req)
    req.on("close", () => active.delete(req))
    req.on("timeout", () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)))
    req.on("error", (error) => resolve({ error: error.message }))
    req.end(payload)
  })
}
