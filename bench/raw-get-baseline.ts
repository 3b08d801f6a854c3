/**
 * Compares one client read with the same GET made by a bare undici pool (one keep-alive
 * connection, X-Token, JSON.parse) against the emulator: the cost our HTTP core adds.
 */
import { Pool } from "undici"
import { compare, type BenchCase } from "./measure"

export async function compareWithRawGet(
  title: string,
  target: { url: string; token: string; path: string },
  client: BenchCase
) {
  const pool = new Pool(target.url, { connections: 1 })
  try {
    return await compare(
      title,
      {
        name: "raw undici Pool.request + JSON.parse (baseline)",
        fn: async () => {
          const res = await pool.request({ method: "GET", path: target.path, headers: { "x-token": target.token } })
          return JSON.parse(await res.body.text())
        },
      },
      [client],
      { rounds: 5, roundMs: 500 }
    )
  } finally {
    await pool.close()
  }
}
