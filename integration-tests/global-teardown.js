const { dropDatabase } = require("../scripts/lib/postgres")
const { dropMigratedTemplate } = require("./migrated-template")

module.exports = async function globalTeardown() {
  await globalThis.__MONOBANK_TEST_REDIS__?.stop()
  const db = globalThis.__MONOBANK_TEST_DB__
  if (db) await dropMigratedTemplate(db, { dropDatabase }).catch(() => undefined)
  await db?.stop()
}
