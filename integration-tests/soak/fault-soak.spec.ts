/**
 * Issue 12, test 1: fault soak. Shoppers of every kind (card debit, card hold + admin capture,
 * saved card, installments, mono checkout) buy at once while the emulator fails a share of the bank
 * calls (500, 429, answers after the client's timeout) and drops, duplicates or holds back a share
 * of the webhooks and callbacks; the admin captures and refunds meanwhile, some requests twice at
 * once. Then the faults stop, the plugin's reconcile jobs run until stable, and every Medusa
 * payment, refund and order must equal the bank's record: no double finalize, refund or charge, no
 * duplicate order, nothing paid at the bank without an order.
 */
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { createAdminHeaders } from "../helpers/admin"
import { useMonobankTestEnvironment } from "../helpers/monobank-environment"
import { ON_DELIVERY_PROVIDER, seedCheckoutStore } from "../http/checkout-helpers"
import { auditLedger } from "./fault/ledger"
import { reconcileUntilStable, settleWebhooks } from "./fault/reconcile"
import { customersWithSavedCards } from "./fault/saved-cards"
import {
  adminActs,
  cardShopper,
  checkoutShopper,
  DEBIT_PROVIDER,
  HOLD_PROVIDER,
  INSTALLMENTS_PROVIDER,
  installmentsShopper,
  type ShopperResult,
  type SoakContext,
} from "./fault/shoppers"
import { formatTable, inPool, SoakTally, type ShopperKind } from "./fault/tally"

/** Shoppers in the barrage (SOAK_FAULT_SHOPPERS, a multiple of the mix's 20), and how many shop at once. */
const SHOPPERS = Number(process.env.SOAK_FAULT_SHOPPERS ?? 200)
const CONCURRENCY = 8
/** The mix, repeated: of every 20 shoppers, 5 debit, 4 hold, 3 saved card, 4 installments, 4 checkout. */
const MIX: ShopperKind[] = (
  [["debit", 5], ["hold", 4], ["saved", 3], ["installments", 4], ["checkout", 4]] as const
).flatMap(([kind, n]) => Array.from({ length: n }, () => kind))
const SAVED_CARD_CUSTOMERS = 4
const CHAOS_SEED = 12
/** The provider gives up on the bank after this; a "slow" answer comes after SLOW_MS (the bank acts after the client gave up). */
const CLIENT_TIMEOUT_MS = 1000
const SLOW_MS = 1600
process.env.MONOBANK_ACQUIRING_TIMEOUT_MS = String(CLIENT_TIMEOUT_MS)
process.env.MONOBANK_INSTALLMENTS_TIMEOUT_MS = String(CLIENT_TIMEOUT_MS)
process.env.MONOBANK_CHECKOUT_TIMEOUT_MS = String(CLIENT_TIMEOUT_MS)

jest.setTimeout(12 * 60_000)

const env = useMonobankTestEnvironment()

function outcomeOf(result: ShopperResult) {
  if (result.orderId) return "order" as const
  if (result.declined) return "declined" as const
  if (result.abandoned) return "abandoned" as const
  return "gave_up" as const
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    it(`${SHOPPERS} shoppers under bank faults and lost, doubled and late webhooks: after reconcile every payment, refund and order equals the bank's record`, async () => {
      const started = Date.now()
      const control = env.emulator.control
      const admin = await createAdminHeaders(getContainer())
      const fx = await seedCheckoutStore(api, admin, [HOLD_PROVIDER, DEBIT_PROVIDER, INSTALLMENTS_PROVIDER, ON_DELIVERY_PROVIDER])
      const savedCards = await customersWithSavedCards(api, fx, getContainer(), control, SAVED_CARD_CUSTOMERS)
      const tally = new SoakTally()
      const ctx: SoakContext = { api, fx, control, tally, savedCards }

      await control.setChaos({
        seed: CHAOS_SEED,
        api: { error500: 0.1, error429: 0.05, slow: 0.05, slowMs: SLOW_MS },
        notifications: { drop: 0.1, duplicate: 0.1, delay: 0.1, delayMs: 3000 },
      })
      const barrageStarted = Date.now()
      const plan = Array.from({ length: SHOPPERS }, (_, i) => MIX[i % MIX.length])
      const ordinals = plan.map((kind, i) => plan.slice(0, i).filter((k) => k === kind).length)
      const crashes: string[] = []
      const results: ShopperResult[] = []
      await inPool(plan, CONCURRENCY, async (kind, i) => {
        const ordinal = ordinals[i]
        try {
          const result =
            kind === "installments"
              ? await installmentsShopper(ctx, ordinal)
              : kind === "checkout"
                ? await checkoutShopper(ctx, ordinal)
                : await cardShopper(ctx, kind, ordinal)
          tally.outcome(kind, outcomeOf(result))
          results.push(result)
          await adminActs(ctx, result, ordinal)
        } catch (error) {
          // A broken test step (not a shopper-visible error): reported and failed below.
          crashes.push(`${kind} #${ordinal}: ${(error as Error).stack ?? error}`)
        }
      })
      const barrageMs = Date.now() - barrageStarted
      const chaos = await control.chaosTally()

      await control.clearChaos()
      await settleWebhooks(control)
      const reconcileStarted = Date.now()
      const passes = await reconcileUntilStable(getContainer(), control)
      const reconcileMs = Date.now() - reconcileStarted
      const report = await auditLedger(getContainer(), control)
      // Shoppers who saw no order: did the bank's webhook or the reconcile make one for them after all?
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const { data: links } = await query.graph({ entity: "order_cart", fields: ["cart_id"] })
      const ordered = new Set(links.map((link: { cart_id: string }) => link.cart_id))
      const later: Record<string, Record<string, number>> = {}
      for (const result of results) {
        if (result.orderId || !result.cartId) continue
        const row = (later[result.kind] ??= {})
        const column = `${outcomeOf(result)}: ${ordered.has(result.cartId) ? "order made later" : "no order"}`
        row[column] = (row[column] ?? 0) + 1
      }
      const wallMs = Date.now() - started

      const byRule: Record<string, Record<string, number>> = {}
      for (const p of report.problems) byRule[p.rule] = { count: (byRule[p.rule]?.count ?? 0) + 1 }
      console.log(
        [
          `fault soak: ${SHOPPERS} shoppers, ${CONCURRENCY} at once, chaos seed ${CHAOS_SEED}`,
          `wall ${(wallMs / 1000).toFixed(1)} s (barrage ${(barrageMs / 1000).toFixed(1)} s, reconcile ${(reconcileMs / 1000).toFixed(1)} s in ${passes.length} passes)`,
          formatTable("shopper outcomes", tally.outcomes),
          formatTable("shoppers who saw no order, after webhooks and reconcile", later),
          formatTable("errors seen by shoppers (step:HTTP status, 0 = no answer)", tally.shopperErrors),
          formatTable("admin actions", tally.admin),
          formatTable("time per step (ms, all tries)", tally.steps),
          formatTable("chaos", { api: chaos.api, notifications: chaos.notifications }),
          `reconcile passes: ${passes.map((p) => JSON.stringify(p)).join("\n  ")}`,
          `ledger: ${JSON.stringify(report.counts)}`,
          formatTable("ledger problems", byRule),
          ...report.problems.slice(0, 40).map((p) => `  ${p.rule}: ${p.detail}`),
          ...crashes.slice(0, 10),
        ].join("\n")
      )

      expect(crashes).toEqual([])
      expect(report.problems).toEqual([])
      // Nobody who never paid, or whose bank said no, ends up with an order.
      const unpaidWithOrder = Object.values(later).flatMap((row) =>
        Object.keys(row).filter((column) => /^(declined|abandoned): order made later/.test(column))
      )
      expect(unpaidWithOrder).toEqual([])
      // The soak did what it says: faults happened, and most shoppers still got an order.
      expect(chaos.api["500"] + chaos.api["429"] + chaos.api.slow).toBeGreaterThan(0)
      expect(chaos.notifications.drop + chaos.notifications.duplicate + chaos.notifications.delay).toBeGreaterThan(0)
      expect(tally.total(tally.outcomes, "order")).toBeGreaterThan(SHOPPERS / 2)
    })
  },
})
