/**
 * The "no card data kept" scan of the store-page payment specs: card numbers, CVVs and wallet
 * token plaintexts must appear in no database table, no line the server wrote and no answer the
 * storefront got. The bank (the emulator) is the only place they may reach.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

type Knex = { raw(sql: string, bindings?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }> }

/** Tables of the test database whose rows, as text, contain any of `secrets`, with the secret's index. */
export async function tablesHolding(container: MedusaContainer, secrets: string[]): Promise<string[]> {
  const knex = container.resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
  const { rows } = await knex.raw(`select table_schema, table_name from information_schema.tables where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`)
  const found: string[] = []
  for (const row of rows) {
    const table = `"${String(row.table_schema)}"."${String(row.table_name)}"`
    for (const [i, secret] of secrets.entries()) {
      const { rows: hits } = await knex.raw(`select count(*)::int as n from ${table} t where strpos(t::text, ?) > 0`, [secret])
      if (Number(hits[0]?.n) > 0) found.push(`${table} holds secret #${i}`)
    }
  }
  return found
}

/** Everything the process writes to stdout/stderr from now on, until `stop()`. */
export function captureOutput() {
  const chunks: string[] = []
  const streams = [process.stdout, process.stderr]
  const originals = streams.map((stream) => stream.write.bind(stream))
  streams.forEach((stream, i) => {
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      chunks.push(typeof chunk === "string" ? chunk : Buffer.from(chunk as Uint8Array).toString("utf8"))
      return (originals[i] as (...args: unknown[]) => boolean)(chunk, ...rest)
    }) as typeof stream.write
  })
  const consoleMethods = ["log", "info", "warn", "error", "debug"] as const
  const consoleOriginals = consoleMethods.map((name) => console[name])
  consoleMethods.forEach((name, i) => {
    console[name] = (...args: unknown[]) => {
      chunks.push(args.map((arg) => (typeof arg === "string" ? arg : JSON.stringify(arg) ?? String(arg))).join(" "))
      consoleOriginals[i](...args)
    }
  })
  return {
    text: () => chunks.join("\n"),
    stop: () => {
      streams.forEach((stream, i) => (stream.write = originals[i] as typeof stream.write))
      consoleMethods.forEach((name, i) => (console[name] = consoleOriginals[i]))
    },
  }
}

/** The secrets of `secrets` that occur in `text` (by index, so a failure message does not print them). */
export function secretsIn(text: string, secrets: string[]): number[] {
  return secrets.flatMap((secret, i) => (text.includes(secret) ? [i] : []))
}

/**
 * The scan around each test of a spec (call it inside `testSuite`): captures what the server
 * writes, and after the test checks every table, that output, and the answers kept with `keep`.
 */
export function useCardDataScan(getContainer: () => MedusaContainer, secrets: string[]) {
  let output: ReturnType<typeof captureOutput>
  let answers: unknown[] = []
  beforeEach(() => {
    output = captureOutput()
    answers = []
  })
  afterEach(async () => {
    output.stop()
    // Indexes only, so a failure does not print a card number.
    expect(await tablesHolding(getContainer(), secrets)).toEqual([])
    expect(secretsIn(output.text(), secrets)).toEqual([])
    expect(secretsIn(JSON.stringify(answers), secrets)).toEqual([])
  })
  return {
    keep<T>(answer: T): T {
      answers.push(answer)
      return answer
    },
  }
}
