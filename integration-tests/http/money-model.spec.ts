/**
 * Money by construction: random short sequences of what shoppers (honest and hostile), the bank
 * and the store owner do to a few carts, run against the real store (providers inside Medusa's
 * payment module, PostgreSQL) and the bank emulator. After each sequence the store settles
 * (./../model/settle) and, for every cart, the money the bank kept must be what Medusa shows on
 * the cart's one order, or nothing when there is no order (./../model/money-ledger).
 *
 * MODEL_RUNS (default 200) sequences; MODEL_SEED replays a run (the seed is printed first),
 * MODEL_PATH and MODEL_REPLAY_PATH replay the shrunk counterexample exactly (both printed on
 * failure); MODEL_SKIP=plant-checkout-facts,lost-charge,... leaves commands out (names in
 * ../model/commands COMMAND_ARBITRARIES); MODEL_WEBHOOK_DELAY_MS (default 100) replaces Medusa's
 * 5 s delay before it handles a webhook. MODEL_SURVEY=1 runs every sequence instead of stopping
 * and shrinking at the first failure, then fails listing every broken sequence (how often each
 * defect shows up); MODEL_VERBOSE=1 prints each sequence's story and where its time went.
 */
import fc from "fast-check"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { BANK_TIMEOUT_MS, commandArbitraries, type Model, type Run } from "../model/commands"
import { describeBooks, moneyViolations, readCartBooks } from "../model/money-ledger"
import { settle } from "../model/settle"
import { buildWorld, type ModelCart, type World } from "../model/store-world"

process.env.MONOBANK_ACQUIRING_TIMEOUT_MS = String(BANK_TIMEOUT_MS)
process.env.MONOBANK_INSTALLMENTS_TIMEOUT_MS = String(BANK_TIMEOUT_MS)
process.env.MONOBANK_DIRECT_CARD_PAYMENTS = "true"

const RUNS = Number(process.env.MODEL_RUNS || 200)
const SEED = process.env.MODEL_SEED ? Number(process.env.MODEL_SEED) : Math.floor(Math.random() * 2 ** 31)
const PATH = process.env.MODEL_PATH || undefined
const REPLAY_PATH = process.env.MODEL_REPLAY_PATH || undefined
const SKIP = new Set((process.env.MODEL_SKIP ?? "").split(",").map((s) => s.trim()).filter(Boolean))
const WEBHOOK_DELAY_MS = Number(process.env.MODEL_WEBHOOK_DELAY_MS || 100)
const MIN_COMMANDS = 3
const MAX_COMMANDS = 8
const VERBOSE = !!process.env.MODEL_VERBOSE
const SURVEY = !!process.env.MODEL_SURVEY

jest.setTimeout(60 * 60 * 1000)

const env = useMonobankTestEnvironment()

function log(line: string) {
  process.stdout.write(`[money-model] ${line}\n`)
}

/** One sequence: its commands, then settle, then the invariant on every cart it used. */
async function runSequence(world: World, commands: Iterable<fc.AsyncCommand<Model, Run>>): Promise<void> {
  const { control } = world
  await control.clearFaults()
  await control.setWebhookMode("deliver")
  const run: Run = { world, carts: [], running: [], transcript: [], startedAt: Date.now() }
  const times = [Date.now()]
  try {
    await fc.asyncModelRun(() => ({ model: {}, real: run }), commands)
  } finally {
    times.push(Date.now())
    // No cart, no money moved: nothing to settle.
    if (run.carts.some(Boolean)) await settle(world, run.running, VERBOSE ? (line) => run.transcript.push(`[settle] ${line}`) : undefined)
    times.push(Date.now())
  }
  const carts = run.carts.filter((cart): cart is ModelCart => !!cart)
  const books = await Promise.all(carts.map((cart) => readCartBooks({ container: world.container(), control, sessions: world.sessions }, cart)))
  times.push(Date.now())
  if (VERBOSE) {
    const [commandsMs, settleMs, booksMs] = [times[1] - times[0], times[2] - times[1], times[3] - times[2]]
    log(`sequence: commands ${commandsMs} ms, settle ${settleMs} ms, books ${booksMs} ms\n  ${run.transcript.join("\n  ")}`)
  }
  const violations = moneyViolations(books)
  if (violations.length > 0) {
    throw new Error(["money invariant broken:", ...violations.map((v) => `  - ${v}`), "what happened:", ...run.transcript.map((t) => `  ${t}`), "the books after settling:", describeBooks(books)].join("\n"))
  }
}

function failureReport(details: fc.RunDetails<[Iterable<{ toString(): string; hasRan?: boolean }>]>): string {
  const [commands] = details.counterexample ?? [[]]
  const ran = [...commands].filter((c) => c.hasRan !== false).map((c, i) => `  ${i + 1}. ${c.toString()}`)
  const replayPath = String(details.counterexample?.[0] ?? "").match(/\/\*replayPath="(.*)"\*\/$/)?.[1]
  const replay = [`MODEL_SEED=${details.seed}`, `MODEL_PATH="${details.counterexamplePath}"`, replayPath && `MODEL_REPLAY_PATH="${replayPath}"`].filter(Boolean).join(" ")
  return [
    `money model failed after ${details.numRuns} sequence(s), shrunk ${details.numShrinks} time(s)`,
    `replay: ${replay}`,
    "shrunk sequence:",
    ...ran,
    String((details.errorInstance as Error | undefined)?.message ?? details.errorInstance),
  ].join("\n")
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    it(`keeps the bank's money and Medusa's orders equal per cart over ${RUNS} random sequences of shoppers, attackers, bank faults and admin actions`, async () => {
      const world = await buildWorld(api, getContainer, env.emulator.control, WEBHOOK_DELAY_MS)
      log(`seed ${SEED}, ${RUNS} sequences${SKIP.size ? `, without ${[...SKIP].join(", ")}` : ""} (replay with MODEL_SEED=${SEED})`)
      const started = Date.now()
      const cpuBefore = process.cpuUsage()
      let sequences = 0
      let shrinking = false
      const broken: string[] = []
      const details = await fc.check(
        fc.asyncProperty(fc.commands(commandArbitraries(SKIP), { maxCommands: MAX_COMMANDS, replayPath: REPLAY_PATH }), async (commands) => {
          // The search runs sequences of 3 to 8 commands; shrinking may make a failing one shorter.
          if (!shrinking && PATH === undefined) fc.pre([...commands].length >= MIN_COMMANDS)
          sequences++
          try {
            await runSequence(world, commands)
          } catch (error) {
            if (!SURVEY) {
              shrinking = true
              throw error
            }
            broken.push(`sequence ${sequences}: ${String(commands).replace(/ \/\*.*\*\/$/, "")}\n${(error as Error).message}`)
            log(broken[broken.length - 1])
          }
        }),
        { numRuns: RUNS, seed: SEED, path: PATH, endOnFailure: PATH !== undefined }
      )
      const cpu = process.cpuUsage(cpuBefore)
      const seconds = Math.round((Date.now() - started) / 1000)
      log(`${sequences} sequence(s) run in ${seconds} s (this process used ${Math.round((cpu.user + cpu.system) / 1e6)} s of CPU)`)
      if (VERBOSE) log(`time per store call: ${world.timings.summary()}`)
      if (broken.length > 0) throw new Error(`${broken.length} of ${sequences} sequences broke the money invariant (seed ${SEED}):\n${broken.join("\n\n")}`)
      if (details.failed) {
        const report = failureReport(details as fc.RunDetails<any>)
        log(report)
        throw new Error(report)
      }
    })
  },
})
