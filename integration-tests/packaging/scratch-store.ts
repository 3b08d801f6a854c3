import { ChildProcess, execFile, spawn } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { promisify } from "node:util"

const run = promisify(execFile)
const REPO_ROOT = path.resolve(__dirname, "../..")

// eslint-disable-next-line @typescript-eslint/no-var-requires
const { ensureDatabase, dropDatabase, freePort } = require("../../scripts/lib/postgres")

export type PackedPlugin = { tarball: string; files: string[] }

/** Builds the plugin and packs it exactly as `npm publish` would. */
export async function buildAndPack(outDir: string): Promise<PackedPlugin> {
  await run("npx", ["medusa", "plugin:build"], { cwd: REPO_ROOT, env: quietEnv(), maxBuffer: 64 << 20 })
  const { stdout } = await run("npm", ["pack", "--json", "--pack-destination", outDir], {
    cwd: REPO_ROOT,
    env: quietEnv(),
    maxBuffer: 64 << 20,
  })
  const [info] = JSON.parse(stdout.slice(stdout.indexOf("[")))
  return { tarball: path.join(outDir, info.filename), files: info.files.map((f: { path: string }) => f.path) }
}

/**
 * A Medusa app outside the repository that depends on the packed plugin, as a store owner's app
 * would. To save an install it links this repo's node_modules, package by package, and unpacks the
 * tarball where npm would put it.
 */
export async function createScratchStore(dir: string, tarball: string, medusaConfigJs: string) {
  const modules = path.join(dir, "node_modules")
  fs.mkdirSync(modules, { recursive: true })
  for (const entry of fs.readdirSync(path.join(REPO_ROOT, "node_modules"))) {
    if (entry === "medusa-payment-monobank") continue
    fs.symlinkSync(path.join(REPO_ROOT, "node_modules", entry), path.join(modules, entry))
  }
  const pluginDir = path.join(modules, "medusa-payment-monobank")
  fs.mkdirSync(pluginDir)
  await run("tar", ["-xzf", tarball, "-C", pluginDir, "--strip-components=1"])
  fs.writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify(
      {
        name: "scratch-store",
        private: true,
        dependencies: {
          "@medusajs/framework": "2.21.2",
          "@medusajs/medusa": "2.21.2",
          "medusa-payment-monobank": `file:${tarball}`,
        },
      },
      null,
      2
    )
  )
  fs.writeFileSync(path.join(dir, "medusa-config.js"), medusaConfigJs)
  return { dir, pluginDir }
}

export type RunningStore = { url: string; stop: () => Promise<void>; logs: () => string }

export async function migrateAndStart(dir: string, db: Record<string, string | number>, dbName: string): Promise<RunningStore> {
  await ensureDatabase(db, dbName)
  const port = await freePort()
  const env = {
    ...quietEnv(),
    DATABASE_URL: `postgres://${db.user}${db.password ? `:${db.password}` : ""}@${db.host}:${db.port}/${dbName}`,
    PORT: String(port),
    NODE_ENV: "production",
  }
  const medusa = path.join(dir, "node_modules", ".bin", "medusa")
  await run(medusa, ["db:migrate"], { cwd: dir, env, maxBuffer: 64 << 20 })
  await run(medusa, ["user", "-e", "owner@scratch.test", "-p", "scratch-password"], { cwd: dir, env, maxBuffer: 64 << 20 })

  let output = ""
  const child: ChildProcess = spawn(medusa, ["start"], { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"] })
  child.stdout!.on("data", (d) => (output += d))
  child.stderr!.on("data", (d) => (output += d))
  const url = `http://localhost:${port}`
  await waitForHealth(url, child, () => output)
  return {
    url,
    logs: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill("SIGTERM")
        await new Promise((r) => child.once("exit", r))
      }
      await dropDatabase(db, dbName)
    },
  }
}

async function waitForHealth(url: string, child: ChildProcess, logs: () => string) {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`medusa start exited with ${child.exitCode}:\n${logs()}`)
    const ok = await fetch(`${url}/health`).then((r) => r.ok, () => false)
    if (ok) return
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`medusa start did not answer /health within 120 s:\n${logs()}`)
}

export async function adminToken(url: string) {
  const res = await fetch(`${url}/auth/user/emailpass`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "owner@scratch.test", password: "scratch-password" }),
  })
  if (!res.ok) throw new Error(`admin login failed: HTTP ${res.status} ${await res.text()}`)
  return ((await res.json()) as { token: string }).token
}

export function makeTempDir(prefix: string) {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix))
}

function quietEnv(): NodeJS.ProcessEnv {
  const { NODE_OPTIONS: _ignored, TEST_TYPE: _type, ...env } = process.env
  return { ...env, MEDUSA_DISABLE_TELEMETRY: "true" }
}
