/**
 * Extension: random faults at given rates, for soak tests. Bank API calls may answer 500 or 429 or
 * answer after the client's timeout (the bank acts, the answer is lost); webhooks and callbacks may
 * be dropped, sent twice, or held back so later ones overtake them. Seeded, so a failing soak can
 * be replayed; every decision is counted.
 */
import type { FaultSpec } from "./faults"

export type ChaosSpec = {
  seed: number
  /** Shares of bank API calls (0..1) that fail each way; the rest are answered normally. */
  api?: { error500?: number; error429?: number; slow?: number; slowMs?: number }
  /** Shares of notifications (0..1) treated each way; the rest are delivered as usual. */
  notifications?: { drop?: number; duplicate?: number; delay?: number; delayMs?: number }
}

export type NotificationFate = "deliver" | "drop" | "duplicate" | "delay"
export type ApiFate = "answer" | "500" | "429" | "slow"
export type ChaosTally = { api: Record<ApiFate, number>; notifications: Record<NotificationFate, number> }

/** mulberry32: small, fast, good enough to spread faults evenly. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The first fate whose cumulative share exceeds a draw; `otherwise` when none does. */
function pick<F extends string>(draw: number, shares: Array<[F, number | undefined]>, otherwise: F): F {
  let bound = 0
  for (const [fate, share] of shares) {
    bound += share ?? 0
    if (draw < bound) return fate
  }
  return otherwise
}

const emptyTally = (): ChaosTally => ({
  api: { answer: 0, "500": 0, "429": 0, slow: 0 },
  notifications: { deliver: 0, drop: 0, duplicate: 0, delay: 0 },
})

export class Chaos {
  private spec?: ChaosSpec
  private random: () => number = Math.random
  private counts = emptyTally()

  configure(spec: ChaosSpec): void {
    this.spec = spec
    this.random = seededRandom(spec.seed)
    this.counts = emptyTally()
  }

  reset(): void {
    this.spec = undefined
    this.counts = emptyTally()
  }

  tally(): ChaosTally & { active: boolean } {
    return { active: !!this.spec, api: { ...this.counts.api }, notifications: { ...this.counts.notifications } }
  }

  /** A fault for this bank API call, if chaos picks one. */
  apiFault(path: string): FaultSpec | undefined {
    const api = this.spec?.api
    if (!api) return undefined
    const fate = pick<ApiFate>(this.random(), [["500", api.error500], ["429", api.error429], ["slow", api.slow]], "answer")
    this.counts.api[fate]++
    if (fate === "answer") return undefined
    return { path, count: 1, kind: fate, delayMs: api.slowMs ?? 3000, retryAfterSeconds: 1 }
  }

  notificationFate(): { fate: NotificationFate; delayMs: number } {
    const notifications = this.spec?.notifications
    if (!notifications) return { fate: "deliver", delayMs: 0 }
    const fate = pick<NotificationFate>(
      this.random(),
      [["drop", notifications.drop], ["duplicate", notifications.duplicate], ["delay", notifications.delay]],
      "deliver"
    )
    this.counts.notifications[fate]++
    return { fate, delayMs: fate === "delay" ? Math.round((notifications.delayMs ?? 2000) * (0.5 + this.random())) : 0 }
  }
}
