/**
 * The CLI runs from source without a build: `node -r ts-node/register/transpile-only emulator/bin.ts`
 * (ts-node compiles with @swc/core, as configured in tsconfig.json).
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process"
import path from "node:path"
import { TEST_CARDS, TEST_PHONE_ENDINGS } from "../constants"

jest.setTimeout(60_000)

const ROOT = path.resolve(__dirname, "../..")

function runCli(args: string[]): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ["-r", "ts-node/register/transpile-only", "emulator/bin.ts", ...args], {
    cwd: ROOT,
    env: { ...process.env, TS_NODE_PROJECT: path.join(ROOT, "tsconfig.json") },
  })
}

function collect(child: ChildProcessWithoutNullStreams): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = ""
  let stderr = ""
  child.stdout.on("data", (chunk) => (stdout += chunk))
  child.stderr.on("data", (chunk) => (stderr += chunk))
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })))
}

function firstLine(child: ChildProcessWithoutNullStreams): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = ""
    child.stdout.on("data", (chunk) => {
      buffered += chunk
      const end = buffered.indexOf("\n")
      if (end >= 0) resolve(buffered.slice(0, end))
    })
    child.once("exit", (code) => reject(new Error(`CLI exited with ${code} before printing`)))
  })
}

describe("monobank-emulator CLI", () => {
  it("prints exactly one JSON line when ready, serves the API, and exits 0 on SIGTERM", async () => {
    const child = runCli(["--port", "0", "--token", "cli-token", "--store-id", "cli-store", "--secret", "cli-secret"])
    const done = collect(child)
    const ready = JSON.parse(await firstLine(child))
    expect(ready).toEqual({
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      acquiringToken: "cli-token",
      installments: { storeId: "cli-store", secret: "cli-secret" },
    })
    const details = await fetch(`${ready.url}/api/merchant/details`, { headers: { "X-Token": "cli-token" } })
    expect(details.status).toBe(200)
    child.kill("SIGTERM")
    const { code, stdout } = await done
    expect(code).toBe(0)
    expect(stdout.trim().split("\n")).toHaveLength(1)
  })

  it("--help documents every flag, the test cards and the phone endings", async () => {
    const { code, stdout } = await collect(runCli(["--help"]))
    expect(code).toBe(0)
    for (const flag of ["--port", "--host", "--token", "--store-id", "--secret", "--callback-delay-ms", "--webhook-retry-delay-ms", "--public-url", "--log"]) {
      expect(stdout).toContain(flag)
    }
    for (const pan of Object.values(TEST_CARDS)) expect(stdout).toContain(pan)
    for (const ending of Object.values(TEST_PHONE_ENDINGS)) expect(stdout).toContain(`...${ending}`)
  })

  it("exits 2 with a message for an unknown flag", async () => {
    const { code, stderr } = await collect(runCli(["--bogus"]))
    expect(code).toBe(2)
    expect(stderr).toContain("--bogus")
  })
})
