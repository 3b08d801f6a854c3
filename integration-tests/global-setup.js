const { acquirePostgres, exportToEnv } = require("../scripts/lib/postgres")

const NEEDS_DATABASE = new Set(["integration:modules", "integration:http", "packaging", "soak"])

module.exports = async function globalSetup() {
  if (!NEEDS_DATABASE.has(process.env.TEST_TYPE ?? "unit")) return
  const db = await acquirePostgres({ log: (m) => process.stderr.write(`[test db] ${m}\n`) })
  exportToEnv(db)
  globalThis.__MONOBANK_TEST_DB__ = db
  if (process.env.TEST_DB_VERBOSE) process.stderr.write(`[test db] using ${db.source}\n`)
}
