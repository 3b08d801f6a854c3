/** One soak run: start a cluster, seed the store, send the shoppers, settle, count. */
import type { ChaosSpec } from "../../../emulator/chaos"
import { startCluster, type ClusterSpec, type Database, type Template } from "./cluster"
import { apiOf } from "./http"
import { runShoppers, type Kind, type Shopper, type ShopperContext } from "./shoppers"
import { seedSoakStore } from "./store"
import { formatTally, judgeCarts, settle, tally, type CartVerdict, type TallyRow } from "./tally"

export type SoakResult = {
  rows: TallyRow[]
  verdicts: CartVerdict[]
  /** Shoppers that failed before the bank knew them, and shoppers whose later steps failed. */
  failures: Array<{ kind: string; error: string }>
  /** Status codes of the requests sent to every server at once, counted. */
  concurrentAnswers: Record<string, number>
  /** Webhooks / callbacks the fan-out delivered, and how many reached every server with a 2xx. */
  fanOut: { delivered: number; allServers2xx: number }
  seconds: { boot: number; shoppers: number; settle: number }
  logDir: string
}

export async function runSoak(
  spec: ClusterSpec,
  db: Database,
  template: Template,
  logDir: string,
  { perKind, parallel, kinds, chaos }: { perKind: number; parallel: number; kinds?: readonly Kind[]; chaos?: ChaosSpec }
): Promise<SoakResult> {
  const t0 = Date.now()
  const cluster = await startCluster(spec, db, template, logDir)
  try {
    const t1 = Date.now()
    const servers = cluster.servers.map((server) => apiOf(server.url))
    const fx = await seedSoakStore(servers[0], cluster.sql)
    if (chaos) await cluster.emulator.control.setChaos(chaos)
    const ctx: ShopperContext = { servers, fx, bank: cluster.emulator.control, sql: cluster.sql, shoppers: [] }
    const early = await runShoppers(ctx, perKind, parallel, kinds)
    const t2 = Date.now()
    await settle(cluster.sql, cluster.emulator.control, ctx.shoppers)
    const t3 = Date.now()
    const verdicts = await judgeCarts(cluster.sql, cluster.emulator.control, cluster.bank.calls, ctx.shoppers)
    const rows = tally(verdicts)
    const failures = [...early, ...ctx.shoppers.filter((s) => s.error).map((s: Shopper) => ({ kind: s.kind, error: s.error! }))]
    const concurrentAnswers: Record<string, number> = {}
    for (const status of ctx.shoppers.flatMap((s) => s.concurrentAnswers)) concurrentAnswers[status] = (concurrentAnswers[status] ?? 0) + 1
    const fanOut = {
      delivered: cluster.fanOut.records.length,
      allServers2xx: cluster.fanOut.records.filter(
        (r) => r.statuses.length === cluster.servers.length && r.statuses.every((s) => typeof s === "number" && s < 300)
      ).length,
    }
    const seconds = { boot: (t1 - t0) / 1000, shoppers: (t2 - t1) / 1000, settle: (t3 - t2) / 1000 }
    const processes = cluster.processes.map((p) => `${p.name} (${p.mode})`).join(", ")
    console.log(
      [
        formatTally(`soak "${spec.name}": ${processes}; ${spec.redisUrl ? "Redis" : "no Redis (in-memory)"}`, rows),
        `requests sent to every server at once, answers: ${JSON.stringify(concurrentAnswers)}`,
        `webhooks/callbacks fanned out: ${fanOut.delivered}, answered 2xx by every server: ${fanOut.allServers2xx}`,
        `failures: ${failures.length}${failures.length ? "\n  " + failures.slice(0, 10).map((f) => `${f.kind}: ${f.error.slice(0, 300)}`).join("\n  ") : ""}`,
        `seconds: boot ${seconds.boot}, shoppers ${seconds.shoppers}, settle ${seconds.settle}; logs in ${logDir}`,
      ].join("\n")
    )
    return { rows, verdicts, failures, concurrentAnswers, fanOut, seconds, logDir }
  } finally {
    await cluster.stop()
  }
}
