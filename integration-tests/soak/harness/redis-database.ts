/**
 * One Redis database number per soak run, so two runs (or other users of the same Redis) do not
 * share BullMQ queues, locks or workflow state. A run claims a database that is empty or was used
 * by an earlier soak run, marks it as taken while it runs, and flushes it at start and end.
 */
import Redis from "ioredis"

const OWNER_KEY = "monobank-soak:owner"
const USED_KEY = "monobank-soak:used"
const CLAIM_SECONDS = 3600

export type RedisDatabase = { url: string; release(): Promise<void> }

export async function claimRedisDatabase(baseUrl: string): Promise<RedisDatabase> {
  const token = `${process.pid}-${Date.now()}`
  // Database 0 is left to whoever else uses this Redis.
  for (let db = 1; db < 16; db++) {
    const client = new Redis(`${baseUrl.replace(/\/+$/, "")}/${db}`, { lazyConnect: true, maxRetriesPerRequest: 1 })
    try {
      await client.connect()
      const size = await client.dbsize()
      const ours = size === 0 || (await client.exists(USED_KEY)) === 1
      if (!ours) continue
      if ((await client.set(OWNER_KEY, token, "EX", CLAIM_SECONDS, "NX")) !== "OK") continue
      await client.flushdb()
      await client.set(USED_KEY, "1")
      await client.set(OWNER_KEY, token, "EX", CLAIM_SECONDS)
      const url = `${baseUrl.replace(/\/+$/, "")}/${db}`
      return {
        url,
        release: async () => {
          const releaser = new Redis(url, { maxRetriesPerRequest: 1 })
          try {
            await releaser.flushdb()
            await releaser.set(USED_KEY, "1")
          } finally {
            releaser.disconnect()
          }
        },
      }
    } finally {
      client.disconnect()
    }
  }
  throw new Error(`no free Redis database (1-15) at ${baseUrl}`)
}
