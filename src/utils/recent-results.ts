/**
 * Medusa's webhook subscriber and ours both ask a provider about the same webhook or callback; this
 * keeps the answer for a short while (the caller says how long) so the bank and Medusa's records are read, and a forgery is
 * logged, once. Failures are not kept, so a retry asks again. A speed-up only: what it keeps is
 * what a second read would have found a moment later, and every process reads for itself.
 */
export class RecentResults<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>()

  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now
  ) {}

  get(key: string, compute: () => Promise<T>): Promise<T> {
    this.prune()
    const hit = this.entries.get(key)
    if (hit) return hit.value
    const value = compute()
    this.entries.set(key, { at: this.now(), value })
    value.catch(() => this.entries.delete(key))
    return value
  }

  private prune(): void {
    const oldest = this.now() - this.ttlMs
    for (const [key, entry] of this.entries) {
      if (entry.at >= oldest && this.entries.size <= this.maxEntries) break
      this.entries.delete(key)
    }
  }
}
