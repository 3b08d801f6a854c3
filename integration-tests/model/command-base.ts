/**
 * What every command of the money model shares: the run it acts on (the real store, the carts of
 * this sequence, what runs in the background, the transcript), carts named `cart1`..`cart3` and
 * made on first use, and the bank timeouts the store under test is configured with.
 */
import type fc from "fast-check"
import { brief, newCart, type Answer, type ModelCart, type World } from "./store-world"

/** Bank timeouts of the store under test (set in the spec before Medusa boots). */
export const BANK_TIMEOUT_MS = 2000
/** A bank answer this late is lost: the store gave up, the bank acted. */
export const LOST_ANSWER_MS = BANK_TIMEOUT_MS + 500

export type Run = {
  world: World
  carts: Array<ModelCart | undefined>
  running: Array<Promise<unknown>>
  /** The Medusa payments the owner asked to capture (answered or not): nothing else may capture a hold. */
  captureAsked: Set<string>
  /** What the store told a shopper polling their installment session's status, when it said paid. */
  toldPaid: Array<{ cart: string; sessionId: string; status: string }>
  transcript: string[]
  startedAt: number
}
/** fast-check's model side: the facts live in `Run` (they come from the real store). */
export type Model = Record<string, never>

export const label = (c: number) => `cart${c + 1}`

/** The cart, made now if no command made it yet (`stocked`: of the ticket whose stock Medusa manages). */
export async function cartOf(run: Run, c: number, options: { stocked?: boolean } = {}): Promise<ModelCart> {
  run.carts[c] ??= await newCart(run.world, label(c), options)
  return run.carts[c]!
}

/** The cart if an earlier command made it: acting on a cart nobody has started is a no-op. */
export function madeCart(run: Run, c: number): ModelCart | undefined {
  return run.carts[c]
}

export function note(run: Run, line: string) {
  run.transcript.push(`[${((Date.now() - run.startedAt) / 1000).toFixed(1)}s] ${line}`)
}

export function describeCompletion(answer: Answer): string {
  return answer.data?.type === "order" ? `order ${answer.data.order.id}` : brief(answer)
}

/**
 * A command that does not apply (no invoice to pay, no order to refund) does nothing and says so
 * in the transcript; `check` never skips one, so a sequence replays as it reads.
 */
export abstract class ModelCommand implements fc.AsyncCommand<Model, Run> {
  check(): true {
    return true
  }
  abstract run(model: Model, run: Run): Promise<void>
  abstract toString(): string
}
