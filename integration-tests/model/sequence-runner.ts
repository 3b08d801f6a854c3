/**
 * Runs one money-model sequence against the real store: its commands, the settle phase, then the
 * invariants on every cart it used (money: ./money-ledger; each order's life: ./order-ledger); and
 * says what a failed search found, readably.
 */
import fc from "fast-check"
import type { Model, Run } from "./command-base"
import { readCheckoutFacts, retireCheckoutOrders } from "./checkout-facts"
import { booksForMoneyComparison, checkoutViolations, describeCheckout } from "./checkout-ledger"
import { describeBooks, moneyViolations, readCartBooks, toldPaidFalsely, unaskedCaptures } from "./money-ledger"
import { orderViolations, readOrderFacts } from "./order-ledger"
import { settle } from "./settle"
import type { ModelCart, World } from "./store-world"

export function log(line: string) {
  process.stdout.write(`[money-model] ${line}\n`)
}

/** Throws an error naming every broken rule, with the sequence's story and the books, when the invariant breaks. */
export async function runSequence(world: World, commands: Iterable<fc.AsyncCommand<Model, Run>>, verbose = false): Promise<void> {
  const { control } = world
  await control.clearFaults()
  await control.setWebhookMode("deliver")
  const run: Run = { world, carts: [], running: [], captureAsked: new Set(), toldPaid: [], transcript: [], startedAt: Date.now() }
  const times = [Date.now()]
  try {
    await fc.asyncModelRun(() => ({ model: {}, real: run }), commands)
  } finally {
    times.push(Date.now())
    // No cart, no money moved: nothing to settle.
    if (run.carts.some(Boolean)) await settle(world, run.running, verbose ? (line) => run.transcript.push(`[settle] ${line}`) : undefined)
    times.push(Date.now())
  }
  const carts = run.carts.filter((cart): cart is ModelCart => !!cart)
  const books = await Promise.all(carts.map((cart) => readCartBooks({ container: world.container(), control, sessions: world.sessions }, cart)))
  const checkoutFacts = await readCheckoutFacts(world, run, books)
  const orderFacts = await readOrderFacts(world, books)
  times.push(Date.now())
  if (verbose) {
    const [commandsMs, settleMs, booksMs] = [times[1] - times[0], times[2] - times[1], times[3] - times[2]]
    log(`sequence: commands ${commandsMs} ms, settle ${settleMs} ms, books ${booksMs} ms\n  ${run.transcript.join("\n  ")}\n${describeBooks(books)}${describeCheckout(checkoutFacts)}`)
  }
  await world.sessions.retire(carts.map((cart) => cart.id))
  await retireCheckoutOrders(world, carts.map((cart) => cart.id))
  const violations = [...moneyViolations(booksForMoneyComparison(books, checkoutFacts)), ...orderViolations(books, orderFacts), ...unaskedCaptures(books, run.captureAsked), ...toldPaidFalsely(books, run.toldPaid), ...checkoutViolations(checkoutFacts)]
  if (violations.length > 0) {
    const story = run.transcript.map((line) => `  ${line}`)
    throw new Error(["money invariant broken:", ...violations.map((v) => `  - ${v}`), "what happened:", ...story, "the books after settling:", describeBooks(books) + describeCheckout(checkoutFacts)].join("\n"))
  }
}

type Counterexample = Iterable<{ toString(): string; hasRan?: boolean }>

/** The shrunk sequence, numbered, with what replays it (seed and path) and why it failed. */
export function failureReport(details: fc.RunDetails<[Counterexample]>): string {
  const [commands] = details.counterexample ?? [[]]
  const ran = [...commands].filter((c) => c.hasRan !== false).map((c) => c.toString())
  const replayPath = String(details.counterexample?.[0] ?? "").match(/\/\*replayPath="(.*)"\*\/$/)?.[1]
  const replay = [`MODEL_SEED=${details.seed}`, `MODEL_PATH="${details.counterexamplePath}"`, replayPath && `MODEL_REPLAY_PATH="${replayPath}"`]
  return [
    `money model failed after ${details.numRuns} sequence(s), shrunk ${details.numShrinks} time(s)`,
    `replay: ${replay.filter(Boolean).join(" ")}`,
    `or: MODEL_SEQUENCE="${ran.join("; ")}"`,
    "shrunk sequence:",
    ...ran.map((command, i) => `  ${i + 1}. ${command}`),
    String((details.errorInstance as Error | undefined)?.message ?? details.errorInstance),
  ].join("\n")
}
