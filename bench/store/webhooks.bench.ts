/**
 * Case 4: a burst of signed webhooks, 20 in flight, each for a different paid cart, until every
 * cart has its order (Medusa's process-payment workflow: authorize, capture, complete the cart),
 * monobank card debit against the bench-only floor provider (HMAC check, no bank) in the same
 * store, alternating rounds.
 * Medusa's hook route answers at once and handles the event 5 s later, so a round's cost is
 * (last order − first post − 5 s) / webhooks: the store's throughput once the delayed events fire;
 * each webhook's latency is (its order − its post − 5 s).
 * Case 6: the store's memory before and after each round, sampled once the round's workflows have
 * finished and after a forced garbage collection (bench/floor-provider/memory-probe.ts): RSS, and
 * heap used (what stays reachable, which RSS alone cannot tell from garbage not yet collected).
 */
import type { DeliveryRecord } from "../../emulator"
import { createReadyCart, startPaymentSession } from "../../integration-tests/helpers/store-fixtures"
import { signFloorWebhook, FLOOR_SIGNATURE_HEADER } from "../floor-provider/service"
import { median, spread } from "../paired"
import type { ResultRow } from "../results"
import type { MemorySample } from "../floor-provider/memory-probe"
import { DEBIT_HOOK_PATH, DEBIT_PROVIDER, FLOOR_HOOK_PATH, FLOOR_PROVIDER, FLOOR_SECRET, storeMemory, type BenchStore } from "./boot"

const MEDUSA_WEBHOOK_DELAY_MS = 5_000

type Webhook = { cartId: string; path: string; body: string; headers: Record<string, string> }

async function inParallel<T, R>(items: T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      for (let i = next++; i < items.length; i = next++) results[i] = await work(items[i])
    })
  )
  return results
}

/** Carts with a monobank session paid at the bank, and the bank's signed success webhook of each (held, not sent). */
async function monobankWebhooks(store: BenchStore, count: number, tag: string): Promise<Webhook[]> {
  await store.emulator.control.setWebhookMode("hold")
  const carts = await inParallel([...Array(count).keys()], 6, async (i) => {
    const cart = await createReadyCart(store.api, store.fx, { email: `hook-${tag}-${i}@bench.example.test` })
    const { session } = await startPaymentSession(store.api, store.fx, cart.id, DEBIT_PROVIDER)
    await store.emulator.control.payInvoice(session.data.invoiceId)
    return { cartId: cart.id, invoiceId: session.data.invoiceId as string }
  })
  const held = (await store.emulator.control.deliveries()).filter((d: DeliveryRecord) => d.state === "held" && d.kind === "acquiring")
  return carts.map(({ cartId, invoiceId }) => {
    const success = held.filter((d) => d.subject === invoiceId && JSON.parse(d.body).status === "success").pop()
    if (!success) throw new Error(`no held success webhook for invoice ${invoiceId}`)
    return { cartId, path: DEBIT_HOOK_PATH, body: success.body, headers: { "content-type": "application/json", ...success.headers } }
  })
}

async function floorWebhooks(store: BenchStore, count: number, tag: string): Promise<Webhook[]> {
  return inParallel([...Array(count).keys()], 6, async (i) => {
    const cart = await createReadyCart(store.api, store.fx, { email: `floor-${tag}-${i}@bench.example.test` })
    const { session } = await startPaymentSession(store.api, store.fx, cart.id, FLOOR_PROVIDER)
    const body = JSON.stringify({ session_id: session.id, amount: cart.total })
    return { cartId: cart.id, path: FLOOR_HOOK_PATH, body, headers: { "content-type": "application/json", [FLOOR_SIGNATURE_HEADER]: signFloorWebhook(body, FLOOR_SECRET) } }
  })
}

type Burst = { costMs: number; latencies: number[]; bankCalls: number; webhooks: number; completedBefore: number }

async function ordersOf(store: BenchStore, cartIds: string[]): Promise<Map<string, number>> {
  const { rows } = await store.sql.query(
    `select oc.cart_id, extract(epoch from o.created_at) * 1000 as at from order_cart oc join "order" o on o.id = oc.order_id where oc.cart_id = any($1)`,
    [cartIds]
  )
  return new Map(rows.map((r) => [r.cart_id as string, Number(r.at)]))
}

async function burst(store: BenchStore, all: Webhook[], timeoutMs = 180_000): Promise<Burst> {
  // The plugin's scheduled session sync (every 5 min) may have completed a paid cart before its webhook.
  const early = await ordersOf(store, all.map((h) => h.cartId))
  const webhooks = all.filter((h) => !early.has(h.cartId))
  const callsBefore = (await store.emulator.control.calls()).length
  const posted = new Map<string, number>()
  await inParallel(webhooks, 20, async (hook) => {
    posted.set(hook.cartId, Date.now())
    const res = await fetch(`${store.url}${hook.path}`, { method: "POST", headers: hook.headers, body: hook.body })
    await res.arrayBuffer()
    if (res.status !== 200) throw new Error(`webhook answered ${res.status}`)
  })
  const cartIds = webhooks.map((h) => h.cartId)
  const until = Date.now() + timeoutMs
  let processed = new Map<string, number>()
  while (processed.size < cartIds.length) {
    if (Date.now() > until) throw new Error(`${cartIds.length - processed.size} of ${cartIds.length} carts without an order after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 250))
    processed = await ordersOf(store, cartIds)
  }
  const firstPost = Math.min(...posted.values())
  const lastOrder = Math.max(...processed.values())
  const latencies = cartIds.map((id) => processed.get(id)! - posted.get(id)! - MEDUSA_WEBHOOK_DELAY_MS).sort((a, b) => a - b)
  const bankCalls = (await store.emulator.control.calls()).length - callsBefore
  return {
    costMs: (lastOrder - firstPost - MEDUSA_WEBHOOK_DELAY_MS) / webhooks.length,
    latencies,
    bankCalls,
    webhooks: webhooks.length,
    completedBefore: early.size,
  }
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]

/**
 * Medusa's workflows of a burst (process-payment, capture, complete-cart) are still finishing for
 * a few seconds after the last order row appears: sampled then, the heap holds them, not what the
 * store keeps. 15 s idle was enough in every run here (heap back to its idle level).
 */
const MEMORY_SETTLE_MS = Number(process.env.BENCH_MEMORY_SETTLE_MS ?? 15_000)

export async function runWebhooks(store: BenchStore, log: (line: string) => void): Promise<ResultRow[]> {
  const perRound = Number(process.env.BENCH_WEBHOOKS ?? 40)
  const rounds = 2
  const ours: Burst[] = []
  const floor: Burst[] = []
  const settled = async (label: string) => {
    await new Promise((resolve) => setTimeout(resolve, MEMORY_SETTLE_MS))
    const m = await storeMemory(store)
    log(`memory ${label}: heap used ${mib(m.heapUsed)} (total ${mib(m.heapTotal)}), RSS ${mib(m.rss)} (anonymous ${mib(m.rssAnon)}, files ${mib(m.rssFile)})${m.gc ? "" : " (no forced GC)"}`)
    return m
  }
  // warm-up, not counted: the first webhooks of each provider load code and fetch the bank's key
  await burst(store, await monobankWebhooks(store, 5, "warm"))
  await burst(store, await floorWebhooks(store, 5, "warm"))
  const memory: MemorySample[] = [await settled("before round 1")]
  for (let round = 0; round < rounds; round++) {
    const monobank = await monobankWebhooks(store, perRound, `r${round}`)
    const floorHooks = await floorWebhooks(store, perRound, `r${round}`)
    for (const side of round % 2 ? (["ours", "floor"] as const) : (["floor", "ours"] as const)) {
      const result = await burst(store, side === "ours" ? monobank : floorHooks)
      ;(side === "ours" ? ours : floor).push(result)
      log(`webhooks round ${round + 1} ${side}: ${result.costMs.toFixed(1)} ms/webhook, p50 ${percentile(result.latencies, 50)} ms, ${result.bankCalls} bank calls`)
    }
    memory.push(await settled(`after round ${round + 1}`))
  }
  await store.emulator.control.setWebhookMode("deliver")
  const all = (bursts: Burst[]) => bursts.flatMap((b) => b.latencies).sort((a, b) => a - b)
  const ratios = ours.map((o, i) => o.costMs / floor[i].costMs)
  const oursWebhooks = ours.reduce((n, b) => n + b.webhooks, 0)
  const floorWebhooksSent = floor.reduce((n, b) => n + b.webhooks, 0)
  const completedBefore = [...ours, ...floor].reduce((n, b) => n + b.completedBefore, 0)
  const bankCalls = ours.reduce((n, b) => n + b.bankCalls, 0) / oursWebhooks
  const [start, round1, round2] = memory
  const rssGrowth = (round2.rss - round1.rss) / round1.rss
  const heapGrowth = (round2.heapUsed - round1.heapUsed) / round1.heapUsed
  return [
    {
      case: "4. webhook pipeline (burst, 20 in flight)",
      ours: `${median(ours.map((b) => b.costMs)).toFixed(1)} ms/webhook; p50 ${percentile(all(ours), 50)} ms, p99 ${percentile(all(ours), 99)} ms to order`,
      baseline: `${median(floor.map((b) => b.costMs)).toFixed(1)} ms/webhook; p50 ${percentile(all(floor), 50)} ms, p99 ${percentile(all(floor), 99)} ms (floor provider)`,
      ratio: spread(ratios),
      n: `${oursWebhooks} + ${floorWebhooksSent} webhooks, ${rounds} rounds${completedBefore ? ` (${completedBefore} carts completed by the scheduled sync before their webhook, left out)` : ""}`,
      note: `target ≤ 1.05; cost past Medusa's 5 s delay: (last order − first post − 5 s) / webhooks; latency = order − post − 5 s; bank calls per webhook ${bankCalls.toFixed(2)}`,
    },
    {
      case: "6. store memory over case 4",
      ours: `RSS ${mib(round1.rss)} after round 1, ${mib(round2.rss)} after round 2; heap used ${mib(round1.heapUsed)}, ${mib(round2.heapUsed)}`,
      baseline: `RSS ${mib(start.rss)}, heap used ${mib(start.heapUsed)} before round 1`,
      ratio: `${(round2.rss / round1.rss).toFixed(3)} RSS, ${(round2.heapUsed / round1.heapUsed).toFixed(3)} heap (round 2 / round 1)`,
      n: `${rounds} rounds of ${perRound} + ${perRound} webhooks`,
      note:
        `target: growth between round 1 and 2 < 5% (RSS ${(rssGrowth * 100).toFixed(1)}%, heap used ${(heapGrowth * 100).toFixed(1)}%); ` +
        `the store process, each sample ${MEMORY_SETTLE_MS / 1000} s after the round, ` +
        (round1.gc ? "after a forced GC (heap used = what stays reachable)" : "without a forced GC (not available: RSS/heap as found)"),
    },
  ]
}
