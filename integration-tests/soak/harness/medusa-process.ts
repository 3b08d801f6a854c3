/**
 * One Medusa OS process of this repository's dev store, started the way `medusa develop` starts
 * its child (the CLI's `start` command with ts-node over the TS sources), without the file
 * watcher and without the admin build. Output goes to a log file.
 */
import { spawn, type ChildProcess } from "node:child_process"
import fs from "node:fs"
import path from "node:path"

export const REPO_ROOT = path.resolve(__dirname, "../../..")
const MEDUSA_CLI = path.join(REPO_ROOT, "node_modules/@medusajs/cli/cli.js")

export type WorkerMode = "shared" | "server" | "worker"

export type MedusaProcess = { name: string; mode: WorkerMode; url: string; logFile: string; child: ChildProcess; stop(): Promise<void> }

/** The environment every process of one store shares (database, Redis, bank, public URL). */
export type StoreEnvironment = Record<string, string>

/** Runs a Medusa CLI command (db:migrate, ...) to the end; rejects with its log tail on failure. */
export function runMedusaCommand(args: string[], env: StoreEnvironment, logFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const log = fs.openSync(logFile, "a")
    const child = spawn(process.execPath, [MEDUSA_CLI, ...args], { cwd: REPO_ROOT, env: processEnv(env), stdio: ["ignore", log, log] })
    child.once("error", reject)
    child.once("exit", (code) => {
      fs.closeSync(log)
      if (code === 0) resolve()
      else reject(new Error(`medusa ${args.join(" ")} exited ${code}:\n${tail(logFile)}`))
    })
  })
}

export async function startMedusaProcess(
  { name, mode, port, env, logDir }: { name: string; mode: WorkerMode; port: number; env: StoreEnvironment; logDir: string },
  bootTimeoutMs = 180_000
): Promise<MedusaProcess> {
  const logFile = path.join(logDir, `${name}.log`)
  const log = fs.openSync(logFile, "a")
  const child = spawn(process.execPath, [MEDUSA_CLI, "start", "--port", String(port), "--host", "127.0.0.1"], {
    cwd: REPO_ROOT,
    env: processEnv({ ...env, MEDUSA_WORKER_MODE: mode, PORT: String(port) }),
    stdio: ["ignore", log, log],
  })
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  const url = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM")
      const killer = setTimeout(() => child.kill("SIGKILL"), 10_000)
      await exited
      clearTimeout(killer)
    }
    fs.closeSync(log)
  }
  const until = Date.now() + bootTimeoutMs
  for (;;) {
    if (child.exitCode !== null) {
      await stop()
      throw new Error(`${name} exited ${child.exitCode} while booting:\n${tail(logFile)}`)
    }
    const healthy = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) }).then((r) => r.ok, () => false)
    if (healthy) return { name, mode, url, logFile, child, stop }
    if (Date.now() > until) {
      await stop()
      throw new Error(`${name} did not answer /health within ${bootTimeoutMs} ms:\n${tail(logFile)}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

function processEnv(env: StoreEnvironment): NodeJS.ProcessEnv {
  const { REDIS_URL: _inherited, ...rest } = process.env
  return {
    ...rest,
    NODE_ENV: "development",
    MEDUSA_DISABLE_TELEMETRY: "true",
    MEDUSA_ADMIN_DISABLED: "true",
    LOG_LEVEL: process.env.SOAK_LOG_LEVEL ?? "info",
    // jest's own flags are not for the Medusa process
    NODE_OPTIONS: "--no-warnings",
    TEST_TYPE: "",
    ...env,
  }
}

export function tail(file: string, lines = 40): string {
  try {
    return fs.readFileSync(file, "utf8").split("\n").slice(-lines).join("\n")
  } catch {
    return "(no log)"
  }
}
