/** The table `npm run bench` writes to bench/results.md. */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"

export type ResultRow = { case: string; ours: string; baseline: string; ratio: string; n: string; note: string }

export function machineLine(): string {
  const cpus = os.cpus()
  const load = os.loadavg().map((l) => l.toFixed(1)).join(" ")
  return (
    `Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ` +
    `${os.platform()} ${os.release()}, Node ${process.version}; load average at the end ${load}; ${new Date().toISOString()}`
  )
}

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ")

export function renderResults(rows: ResultRow[], notes: string[]): string {
  const header = "| case | ours | baseline | ratio | n | note |\n|---|---|---|---|---|---|"
  const lines = rows.map((r) => `| ${[r.case, r.ours, r.baseline, r.ratio, r.n, r.note].map(cell).join(" | ")} |`)
  return [
    "# Benchmark results",
    "",
    "Written by `npm run bench` (see bench/README.md). ratio = our cost / baseline cost per operation, median",
    "round (min–max across rounds in brackets); lower is better, 1.00 = as fast as the floor.",
    "",
    machineLine(),
    "",
    header,
    ...lines,
    "",
    ...notes,
    "",
  ].join("\n")
}

export function writeResults(rows: ResultRow[], notes: string[], file = path.join(__dirname, "results.md")): void {
  fs.writeFileSync(file, renderResults(rows, notes))
}
