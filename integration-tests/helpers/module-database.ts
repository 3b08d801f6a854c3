// eslint-disable-next-line @typescript-eslint/no-var-requires
const { ensureDatabase } = require("../../scripts/lib/postgres")

/**
 * Medusa's `moduleIntegrationTestRunner` connects to its database but does not create it. Call this
 * at the top level of a module spec, before the runner, and pass the returned name as its `dbName`.
 */
export function moduleTestDatabase(moduleName: string): string {
  // MONOBANK_TEST_DB_SUFFIX keeps two checkouts testing at once on one server apart.
  const suffix = process.env.MONOBANK_TEST_DB_SUFFIX ? `-${process.env.MONOBANK_TEST_DB_SUFFIX}` : ""
  const dbName = `medusa-${moduleName.toLowerCase()}-integration-${process.env.JEST_WORKER_ID ?? "1"}${suffix}`
  beforeAll(async () => {
    await ensureDatabase(
      {
        host: process.env.DB_HOST,
        port: Number(process.env.DB_PORT ?? 5432),
        user: process.env.DB_USERNAME,
        password: process.env.DB_PASSWORD ?? "",
      },
      dbName
    )
  })
  return dbName
}
