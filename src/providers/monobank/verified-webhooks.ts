/**
 * The invoice records that signed webhooks just told this process, so the authorize Medusa runs
 * for the same webhook (its core handler: processPaymentWorkflow -> authorizePayment) takes the
 * bank's own statement instead of reading the bank again. A signed webhook is the bank's record
 * at its `modifiedDate`, as good as a read made then.
 *
 * An optimization only, never what correctness rests on: kept in this process for a short while,
 * bounded, and any miss (another server, too old, another invoice, older than what the session
 * stored, not paid/held) means a bank read as before. A storefront's authorize with no webhook
 * before it finds nothing here and reads the bank.
 */
import type { InvoiceStatusRecord } from "../../lib/monobank"
import { toInstant } from "../../utils/acquiring/payment-data"

/** Statuses an authorize may take from a webhook: the money is held or taken. */
const REUSABLE_STATUS = {
  created: false,
  processing: false,
  hold: true,
  success: true,
  failure: false,
  reversed: false,
  expired: false,
  unknown: false,
} as const satisfies Record<InvoiceStatusRecord["status"], boolean>

export const VERIFIED_WEBHOOK_TTL_MS = 60_000
const MAX_ENTRIES = 1_000

type Entry = { record: InvoiceStatusRecord; verifiedAt: number }

export type VerifiedWebhookOptions = { ttlMs?: number; maxEntries?: number; now?: () => number }

export class VerifiedWebhooks {
  private readonly entries = new Map<string, Entry>()
  private readonly ttlMs: number
  private readonly maxEntries: number
  private readonly now: () => number

  constructor(options: VerifiedWebhookOptions = {}) {
    this.ttlMs = options.ttlMs ?? VERIFIED_WEBHOOK_TTL_MS
    this.maxEntries = options.maxEntries ?? MAX_ENTRIES
    this.now = options.now ?? Date.now
  }

  /**
   * A record whose signature verified (or that the bank answered). A newer record that is not
   * paid/held replaces what was kept: the invoice moved on, the next authorize reads the bank.
   */
  remember(record: InvoiceStatusRecord): void {
    const kept = this.entries.get(record.invoiceId)
    if (kept && isOlder(record, kept.record)) return
    this.entries.delete(record.invoiceId)
    if (!REUSABLE_STATUS[record.status]) return
    this.entries.set(record.invoiceId, { record, verifiedAt: this.now() })
    // Oldest first (Map keeps insertion order): the bound holds whatever the traffic.
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string)
  }

  /**
   * The record to authorize invoice `invoiceId` with instead of a bank read, or undefined: only
   * when it is that invoice's, paid or held, verified within the last `ttlMs` and not older than
   * what the session already stored (`storedModifiedDate`).
   */
  reusableFor(invoiceId: string, storedModifiedDate: string | undefined): InvoiceStatusRecord | undefined {
    const entry = this.entries.get(invoiceId)
    if (!entry) return undefined
    if (this.now() - entry.verifiedAt > this.ttlMs) {
      this.entries.delete(invoiceId)
      return undefined
    }
    const stored = toInstant(storedModifiedDate)
    const incoming = toInstant(entry.record.modifiedDate)
    if (stored !== undefined && (incoming === undefined || incoming < stored)) return undefined
    return entry.record
  }
}

function isOlder(record: InvoiceStatusRecord, than: InvoiceStatusRecord): boolean {
  const incoming = toInstant(record.modifiedDate)
  const kept = toInstant(than.modifiedDate)
  return incoming !== undefined && kept !== undefined && incoming < kept
}
