/**
 * Medusa's DTC starter storefront with our files applied, as a store owner gets it: a fresh copy,
 * `storefront/dtc-starter/apply.js`, its npm dependencies (installed once per version of its
 * package.json and reused through hard links), `next build` and `next start`.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process"
import crypto from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { REPO_ROOT, tail } from "../../soak/harness/medusa-process"

// eslint-disable-next-line @typescript-eslint/no-var-requires
const { STARTER_DIR, starterPresent } = require("../starter-location") as { STARTER_DIR: string; starterPresent: () => boolean }
export { STARTER_DIR, starterPresent }
// Not under the repository's node_modules: Next.js does not compile sources whose path holds "node_modules".
const CACHE = path.join(os.tmpdir(), "monobank-dtc-starter")

export type Timings = Record<string, number>

function dependencyKey(): string {
  const hash = crypto.createHash("sha256")
  for (const file of ["package.json", "package-lock.json"]) {
    const source = path.join(STARTER_DIR, file)
    if (fs.existsSync(source)) hash.update(fs.readFileSync(source))
  }
  return hash.digest("hex").slice(0, 16)
}

/** The starter's node_modules for its current package.json: installed on the first run only. */
function installedDependencies(logFile: string, timings: Timings): string {
  const dir = path.join(CACHE, `deps-${dependencyKey()}-node${process.versions.node.split(".")[0]}`)
  const done = path.join(dir, "installed")
  if (fs.existsSync(done)) {
    timings.installMs = 0
    return path.join(dir, "node_modules")
  }
  const started = Date.now()
  fs.rmSync(dir, { recursive: true, force: true })
  fs.mkdirSync(dir, { recursive: true })
  for (const file of ["package.json", "package-lock.json"]) {
    if (fs.existsSync(path.join(STARTER_DIR, file))) fs.copyFileSync(path.join(STARTER_DIR, file), path.join(dir, file))
  }
  try {
    execFileSync("npm", ["install", "--no-audit", "--no-fund"], { cwd: dir, stdio: ["ignore", fs.openSync(logFile, "a"), fs.openSync(logFile, "a")] })
  } catch {
    throw new Error(`npm install of the DTC starter failed:\n${tail(logFile)}`)
  }
  fs.writeFileSync(done, new Date().toISOString())
  timings.installMs = Date.now() - started
  return path.join(dir, "node_modules")
}

/** A writable copy of the starter with our files applied and its dependencies in place. */
export function prepareStarter(logFile: string, timings: Timings): string {
  fs.mkdirSync(CACHE, { recursive: true })
  const nodeModules = installedDependencies(logFile, timings)
  for (const old of fs.readdirSync(CACHE).filter((name) => name.startsWith("run-"))) {
    fs.rmSync(path.join(CACHE, old), { recursive: true, force: true })
  }
  const dir = fs.mkdtempSync(path.join(CACHE, "run-"))
  fs.cpSync(STARTER_DIR, dir, { recursive: true, filter: (source) => !source.includes(`${path.sep}node_modules`) && !source.endsWith(".next") })
  execFileSync("chmod", ["-R", "u+w", dir])
  // Hard links: the same files as the cache, in no time and no space (same file system).
  execFileSync("cp", ["-al", nodeModules, path.join(dir, "node_modules")])
  // eslint-disable-next-line @typescript-eslint/no-var-requires
  const { applyMonobank } = require(path.join(REPO_ROOT, "storefront/dtc-starter/apply.js"))
  applyMonobank(dir)
  return dir
}

function nextCommand(dir: string, args: string[], env: Record<string, string>, logFile: string): ChildProcess {
  const log = fs.openSync(logFile, "a")
  return spawn(process.execPath, [path.join(dir, "node_modules/next/dist/bin/next"), ...args], {
    cwd: dir,
    env: { ...process.env, NODE_OPTIONS: "", NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: ["ignore", log, log],
  })
}

export function buildStarter(dir: string, env: Record<string, string>, logFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = nextCommand(dir, ["build"], { ...env, NODE_ENV: "production" }, logFile)
    child.once("error", reject)
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`next build exited ${code}:\n${tail(logFile, 60)}`))))
  })
}

export async function startStarter(dir: string, port: number, env: Record<string, string>, logFile: string) {
  const child = nextCommand(dir, ["start", "-p", String(port), "-H", "127.0.0.1"], { ...env, NODE_ENV: "production" }, logFile)
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM")
      await exited
    }
  }
  const until = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited ${child.exitCode}:\n${tail(logFile)}`)
    const up = await fetch(`http://127.0.0.1:${port}/`, { redirect: "manual", signal: AbortSignal.timeout(5_000) }).then(() => true, () => false)
    if (up) return { stop }
    if (Date.now() > until) {
      await stop()
      throw new Error(`next start did not answer within a minute:\n${tail(logFile)}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}
