/**
 * Where the store's CPU went, from a V8 CPU profile of the bench store (`BENCH_CPU_PROFILE_DIR`):
 * self time by owner (the plugin's files, each Medusa package, the database driver, Node itself)
 * and the plugin's own entry points with their inclusive time (everything they called).
 *
 *   node -r ts-node/register/transpile-only bench/profile-summary.ts <file.cpuprofile> [more…]
 */
import fs from "node:fs"
import path from "node:path"

type ProfileNode = {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number }

/** Who owns a frame: the plugin's source, a package of node_modules, or Node and V8. */
export function ownerOf(url: string): string {
  if (!url) return "(V8: program, GC, idle)"
  if (url.startsWith("node:")) return "node internals"
  const modules = url.lastIndexOf("/node_modules/")
  if (modules >= 0) {
    const rest = url.slice(modules + "/node_modules/".length).split("/")
    return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]
  }
  const src = url.indexOf("/src/")
  if (src >= 0) return `plugin ${url.slice(src + 1).split("/").slice(0, 3).join("/")}`
  return "other"
}

/** Self time in ms per node id, from the sample stream. */
function selfTimes(profile: CpuProfile): Map<number, number> {
  const self = new Map<number, number>()
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000))
  return self
}

export function summarize(profile: CpuProfile) {
  const self = selfTimes(profile)
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const total = [...self.values()].reduce((a, b) => a + b, 0)
  const idle = profile.nodes.filter((n) => n.callFrame.functionName === "(idle)").reduce((sum, n) => sum + (self.get(n.id) ?? 0), 0)

  const owners = new Map<string, number>()
  for (const node of profile.nodes) {
    if (node.callFrame.functionName === "(idle)") continue
    const owner = ownerOf(node.callFrame.url)
    owners.set(owner, (owners.get(owner) ?? 0) + (self.get(node.id) ?? 0))
  }

  // Inclusive time of the plugin's functions: a frame's subtree, counted once per call path.
  const inclusive = new Map<number, number>()
  const subtree = (id: number): number => {
    const cached = inclusive.get(id)
    if (cached !== undefined) return cached
    const node = byId.get(id)!
    const sum = (self.get(id) ?? 0) + (node.children ?? []).reduce((acc, child) => acc + subtree(child), 0)
    inclusive.set(id, sum)
    return sum
  }
  const pluginEntries = new Map<string, number>()
  const visit = (id: number, insidePlugin: boolean) => {
    const node = byId.get(id)!
    const plugin = ownerOf(node.callFrame.url).startsWith("plugin ")
    if (plugin && !insidePlugin) {
      const key = `${node.callFrame.functionName || "(anonymous)"} ${path.basename(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`
      pluginEntries.set(key, (pluginEntries.get(key) ?? 0) + subtree(id))
    }
    for (const child of node.children ?? []) visit(child, insidePlugin || plugin)
  }
  visit(profile.nodes[0].id, false)

  const sorted = (map: Map<string, number>, n: number) => [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, n)
  return { totalMs: total, busyMs: total - idle, owners: sorted(owners, 15), pluginEntries: sorted(pluginEntries, 15) }
}

function print(file: string) {
  const summary = summarize(JSON.parse(fs.readFileSync(file, "utf8")) as CpuProfile)
  const pct = (ms: number) => `${((100 * ms) / summary.busyMs).toFixed(1)}%`
  console.log(`${file}: ${(summary.busyMs / 1000).toFixed(1)} s busy of ${(summary.totalMs / 1000).toFixed(1)} s`)
  console.log("self time by owner:")
  for (const [owner, ms] of summary.owners) console.log(`  ${pct(ms).padStart(6)}  ${(ms / 1000).toFixed(2)} s  ${owner}`)
  console.log("the plugin's entry points (inclusive: with what they call):")
  for (const [entry, ms] of summary.pluginEntries) console.log(`  ${pct(ms).padStart(6)}  ${(ms / 1000).toFixed(2)} s  ${entry}`)
}

if (require.main === module) {
  const files = process.argv.slice(2)
  if (!files.length) {
    console.error("usage: bench/profile-summary.ts <file.cpuprofile> [more…]")
    process.exit(2)
  }
  files.forEach(print)
}
