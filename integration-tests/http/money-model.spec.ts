/**
 * Money by construction: random short sequences of what shoppers (honest and hostile), the bank
 * and the store owner do to a few carts, run against the real store (providers inside Medusa's
 * payment module, PostgreSQL) and the bank emulator. After each sequence the store settles
 * (../model/settle) and, for every cart, the money the bank kept must be what Medusa shows on
 * the cart's one order, or nothing when there is no order (../model/money-ledger); and every order
 * ends right (../model/order-ledger): a cancelled one holds no money and no stock, one without money
 * is still payable (its installment waits for the shopper) or cancelled, and one fulfilled without
 * money is named in Needs attention. Orders placed before the installment's approval (the owner's
 * switch on for one completion) race the shopper's answer (approve, decline, time out) with the
 * owner's fulfilment or cancel and the shopper's new session (../model/placed-order-commands);
 * payment links are asked for twice at once, paid after another order edit or after the cancel
 * (../model/payment-link-commands); mono checkout orders are paid by card, installments or on
 * delivery with promo codes and delivery prices, the cart changed between quote and payment
 * (../model/checkout-commands, ../model/checkout-ledger); forged installments callbacks claim more
 * than the bank says (../model/forged-callback-commands); refunds lose their answer and are retried,
 * also once the store's clock passed 20 minutes (../model/lost-refund-commands). A hold is captured
 * only when the owner asks, an order shows no more than it costs, and a shopper told "paid" was paid
 * on their own session.
 *
 * MODEL_RUNS (default 200) sequences, within MODEL_TIME_LIMIT_S (default 240, with shrinking; 0 = none);
 * MODEL_SEED replays a search (the seed is printed first); MODEL_PATH and MODEL_REPLAY_PATH replay
 * the shrunk counterexample exactly, MODEL_SEQUENCE="cart1.start(card-debit); ..." runs a sequence
 * as written (all printed on failure; several separated by " | "); MODEL_SKIP=plant-checkout-facts,lost-charge,... leaves
 * commands out (names: ../model/command-arbitraries); MODEL_SURVEY=1 runs every sequence instead
 * of stopping and shrinking at the first failure and fails listing every broken one;
 * MODEL_VERBOSE=1 prints each sequence's story and where the time went; MODEL_WEBHOOK_DELAY_MS
 * (default 100) replaces Medusa's 5 s delay before it handles a webhook.
 */
import fc from "fast-check"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { commandArbitraries } from "../model/command-arbitraries"
import { BANK_TIMEOUT_MS } from "../model/command-base"
import { failureReport, log, runSequence } from "../model/sequence-runner"
import { parseSequence } from "../model/sequence-text"
import { buildWorld } from "../model/store-world"

process.env.MONOBANK_ACQUIRING_TIMEOUT_MS = String(BANK_TIMEOUT_MS)
process.env.MONOBANK_INSTALLMENTS_TIMEOUT_MS = String(BANK_TIMEOUT_MS)
process.env.MONOBANK_DIRECT_CARD_PAYMENTS = "true"

const env = process.env
const RUNS = Number(env.MODEL_RUNS || 200)
const TIME_LIMIT_S = Number(env.MODEL_TIME_LIMIT_S ?? 240)
const SEED = env.MODEL_SEED ? Number(env.MODEL_SEED) : Math.floor(Math.random() * 2 ** 31)
const PATH = env.MODEL_PATH || undefined
const SKIP = new Set((env.MODEL_SKIP ?? "").split(",").map((s) => s.trim()).filter(Boolean))
const VERBOSE = !!env.MODEL_VERBOSE
const SURVEY = !!env.MODEL_SURVEY
const MIN_COMMANDS = 3
const MAX_COMMANDS = 8

jest.setTimeout(60 * 60 * 1000)

const bank = useMonobankTestEnvironment()

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    it(`keeps the bank's money and Medusa's orders equal per cart over ${RUNS} random sequences of shoppers, attackers, bank faults and admin actions`, async () => {
      // Every command reads back from its printed form, so a printed failure replays as MODEL_SEQUENCE.
      for (const command of fc.sample(commandArbitraries(new Set())[0], 500)) {
        expect(parseSequence(String(command)).map(String)).toEqual([String(command)])
      }
      const world = await buildWorld(api, getContainer, bank.emulator.control, Number(env.MODEL_WEBHOOK_DELAY_MS || 100))
      if (env.MODEL_SEQUENCE) {
        // Sequences as written, " | " between two: each runs and settles on its own carts.
        const failures: string[] = []
        for (const text of env.MODEL_SEQUENCE.split(" | ")) {
          await runSequence(world, parseSequence(text), true).catch((error: Error) => failures.push(`${text}\n${error.message}`))
        }
        if (failures.length > 0) throw new Error(failures.join("\n\n"))
        return
      }
      log(`seed ${SEED}, up to ${RUNS} sequences${TIME_LIMIT_S ? ` in ${TIME_LIMIT_S} s` : ""}${SKIP.size ? `, without ${[...SKIP].join(", ")}` : ""} (replay with MODEL_SEED=${SEED})`)
      const started = Date.now()
      const cpuBefore = process.cpuUsage()
      let sequences = 0
      let shrinking = false
      const broken: string[] = []
      const commands = fc.commands(commandArbitraries(SKIP), { maxCommands: MAX_COMMANDS, replayPath: env.MODEL_REPLAY_PATH || undefined })
      const details = await fc.check(
        fc.asyncProperty(commands, async (sequence) => {
          // The search runs sequences of 3 to 8 commands; shrinking may make a failing one shorter.
          if (!shrinking && PATH === undefined) fc.pre([...sequence].length >= MIN_COMMANDS)
          sequences++
          try {
            await runSequence(world, sequence, VERBOSE)
          } catch (error) {
            if (!SURVEY) {
              shrinking = true
              throw error
            }
            broken.push(`sequence ${sequences}: ${String(sequence).replace(/ \/\*.*\*\/$/, "")}\n${(error as Error).message}`)
            log(broken[broken.length - 1])
          }
        }),
        { numRuns: RUNS, seed: SEED, path: PATH, endOnFailure: PATH !== undefined, interruptAfterTimeLimit: TIME_LIMIT_S ? TIME_LIMIT_S * 1000 : undefined }
      )
      const cpu = process.cpuUsage(cpuBefore)
      const stopped = details.interrupted ? `, stopped by MODEL_TIME_LIMIT_S=${TIME_LIMIT_S}` : ""
      log(`${sequences} sequence(s) run in ${Math.round((Date.now() - started) / 1000)} s${stopped} (this process used ${Math.round((cpu.user + cpu.system) / 1e6)} s of CPU)`)
      if (VERBOSE) log(`time per store call: ${world.timings.summary()}`)
      if (broken.length > 0) throw new Error(`${broken.length} of ${sequences} sequences broke the money invariant (seed ${SEED}):\n${broken.join("\n\n")}`)
      if (details.failed && !details.counterexample) throw new Error(`no sequence finished within MODEL_TIME_LIMIT_S=${TIME_LIMIT_S}`)
      if (details.failed) {
        const report = failureReport(details as fc.RunDetails<any>)
        log(report)
        throw new Error(report)
      }
    })
  },
})
