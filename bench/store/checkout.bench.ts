/**
 * Case 3: card checkouts (debit: session = bank invoice, the emulator pays at once and sends its
 * webhook, the shopper completes the cart) against the same checkout with Medusa's system provider,
 * in alternating batches on one booted store. Cost = wall time of a batch / carts in it.
 * Case 5: one installment checkout (signed create, the bank's callback makes the order, admin
 * capture = the bank's confirm) against one card checkout, alternating.
 */
import { median, spread } from "../paired"
import type { ResultRow } from "../results"
import type { BenchStore } from "./boot"
import { cardCheckout, installmentsCheckout, systemCheckout } from "./shoppers"

type Shopper = (store: BenchStore, index: number) => Promise<void>

async function batch(store: BenchStore, shopper: Shopper, first: number, count: number, concurrency: number): Promise<number> {
  let next = first
  const end = first + count
  const start = Date.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < end) await shopper(store, next++)
    })
  )
  return (Date.now() - start) / count
}

async function alternate(store: BenchStore, ours: Shopper, baseline: Shopper, rounds: number, perRound: number, concurrency: number) {
  const result = { ours: [] as number[], baseline: [] as number[], ratios: [] as number[], bankCalls: 0, byPath: {} as Record<string, number> }
  for (let round = 0; round < rounds; round++) {
    const order: Array<"ours" | "baseline"> = round % 2 ? ["ours", "baseline"] : ["baseline", "ours"]
    const costs: Record<string, number> = {}
    for (const side of order) {
      const before = (await store.emulator.control.calls()).length
      costs[side] = await batch(store, side === "ours" ? ours : baseline, round * perRound, perRound, concurrency)
      if (side === "ours") {
        const made = (await store.emulator.control.calls()).slice(before)
        result.bankCalls += made.length
        for (const call of made) result.byPath[`${call.method} ${call.path}`] = (result.byPath[`${call.method} ${call.path}`] ?? 0) + 1
      }
    }
    result.ours.push(costs.ours)
    result.baseline.push(costs.baseline)
    result.ratios.push(costs.ours / costs.baseline)
  }
  return result
}

/** "POST /api/merchant/invoice/create 1.00, GET /api/merchant/invoice/status 1.00". */
function perCheckout(byPath: Record<string, number>, checkouts: number): string {
  return Object.entries(byPath)
    .sort(([, a], [, b]) => b - a)
    .map(([path, count]) => `${path} ${(count / checkouts).toFixed(2)}`)
    .join(", ")
}

export async function runCheckouts(store: BenchStore): Promise<ResultRow[]> {
  const perSide = Number(process.env.BENCH_CHECKOUTS ?? 32)
  const rounds = Number(process.env.BENCH_CHECKOUT_ROUNDS ?? 8)
  const perRound = Math.max(1, Math.round(perSide / rounds))
  const concurrency = 4
  // warm-up, not counted: the first checkouts of each kind load code paths and caches
  await batch(store, cardCheckout, 10_000, 4, 4)
  await batch(store, systemCheckout, 10_000, 4, 4)
  const card = await alternate(store, cardCheckout, systemCheckout, rounds, perRound, concurrency)
  const carts = rounds * perRound
  const installmentRounds = Number(process.env.BENCH_INSTALLMENT_ROUNDS ?? 4)
  const installments = await alternate(store, installmentsCheckout, cardCheckout, installmentRounds, 1, 1)
  return [
    {
      case: "3. card checkout through Medusa",
      ours: `${median(card.ours).toFixed(0)} ms/cart`,
      baseline: `${median(card.baseline).toFixed(0)} ms/cart (pp_system_default)`,
      ratio: spread(card.ratios),
      n: `${carts} + ${carts} carts, ${rounds} rounds of ${perRound}, ${concurrency} shoppers at once`,
      note: `target ≤ 1.05; bank calls per checkout ${(card.bankCalls / carts).toFixed(2)} (${perCheckout(card.byPath, carts)}; counted while the card carts run, so webhook handling that lands then is included)`,
    },
    {
      case: "5. installment checkout vs card",
      ours: `${median(installments.ours).toFixed(0)} ms/checkout`,
      baseline: `${median(installments.baseline).toFixed(0)} ms/checkout (card, case 3)`,
      ratio: spread(installments.ratios),
      n: `${installmentRounds} + ${installmentRounds} checkouts, one at a time`,
      note: `no target; includes the emulator's 200 ms approval delay and the storefront's wait for the callback; bank calls per installment checkout ${(installments.bankCalls / installmentRounds).toFixed(1)}`,
    },
  ]
}
