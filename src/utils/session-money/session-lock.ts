/**
 * The one lock per payment session under which every money decision about that session runs
 * (authorize, session ended, cancel, webhook applied, settlement, charges, capture, refund,
 * installment return): Medusa's locking module, shared by servers when the store registers a
 * shared provider (README, "Running several servers").
 *
 * Reentrant within one flow: a decision that runs another decision of the same session (a
 * settlement run from a webhook, an authorize Medusa runs inside the plugin's own workflow) does
 * not wait for itself. Locks of other things (a cart, an order's refunds) are always taken before
 * this one, never while holding it.
 */
import { AsyncLocalStorage } from "node:async_hooks"
import type { ILockingModule } from "@medusajs/framework/types"

/** Longest wait for another decision of the same session (a slow bank answer included). */
export const SESSION_LOCK_WAIT_SECONDS = 90
/** A lock left by a process that died is free again after this. */
export const SESSION_LOCK_EXPIRE_SECONDS = 180

/** A wait this long for one session means a slow bank answer or a flow waiting for itself: worth a log line. */
const LONG_WAIT_MS = 10_000

const heldKeys = new AsyncLocalStorage<ReadonlySet<string>>()

export type Locking = Pick<ILockingModule, "execute">

export function sessionLockKey(sessionId: string): string {
  return `monobank-session:${sessionId}`
}

/** Runs `work` holding the session's lock (at once when this flow already holds it). */
export async function withSessionLock<T>(
  locking: Locking,
  sessionId: string,
  work: () => Promise<T>,
  onLongWait?: (waitedMs: number) => void
): Promise<T> {
  const key = sessionLockKey(sessionId)
  const held = heldKeys.getStore()
  if (held?.has(key)) return work()
  const next = new Set(held ?? [])
  next.add(key)
  const askedAt = Date.now()
  const holding = () => {
    const waitedMs = Date.now() - askedAt
    if (waitedMs >= LONG_WAIT_MS) onLongWait?.(waitedMs)
    return heldKeys.run(next, work)
  }
  return locking.execute(key, holding, {
    timeout: SESSION_LOCK_WAIT_SECONDS,
    expire: SESSION_LOCK_EXPIRE_SECONDS,
  })
}

/** True while this flow holds the session's lock (for assertions in the decisions that require it). */
export function holdsSessionLock(sessionId: string): boolean {
  return heldKeys.getStore()?.has(sessionLockKey(sessionId)) ?? false
}
