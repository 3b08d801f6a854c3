const { acquirePostgres, exportToEnv, ensureDatabase } = require("../scripts/lib/postgres")
const { createMigratedTemplate } = require("./migrated-template")
const { acquireRedis } = require("../scripts/lib/redis")

const NEEDS_DATABASE = new Set(["integration:modules", "integration:http", "packaging", "soak", "storefront", "admin-browser"])
const NEEDS_REDIS = new Set(["soak"])

module.exports = async function globalSetup() {
  const testType = process.env.TEST_TYPE ?? "unit"
  if (!NEEDS_DATABASE.has(testType)) return
  const db = await acquirePostgres({ log: (m) => process.stderr.write(`[test db] ${m}\n`) })
  exportToEnv(db)
  globalThis.__MONOBANK_TEST_DB__ = db
  if (process.env.TEST_DB_VERBOSE) process.stderr.write(`[test db] using ${db.source}\n`)
  await createMigratedTemplate(db, { ensureDatabase, log: (m) => process.stderr.write(`[test db] ${m}\n`) })
  if (NEEDS_REDIS.has(testType)) {
    const redis = await acquireRedis({ log: (m) => process.stderr.write(`[test redis] ${m}\n`) })
    process.env.MONOBANK_TEST_REDIS_URL = redis.url
    globalThis.__MONOBANK_TEST_REDIS__ = redis
  }
}
