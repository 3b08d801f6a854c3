// The HTTP suite's files each get a database of their own, which Medusa's test runner creates empty
// and migrates (every module, about 10 s of a loaded 2-core machine, for each of ~150 files). Here
// the suite migrates one database once (`medusa db:migrate --skip-scripts`: the runner runs no data
// scripts either) and each file's
// database is created as a copy of it; the runner's migrations then find everything applied and
// only check. Test-only: it replaces the create step of @medusajs/test-utils (pinned with Medusa).
const { spawnSync } = require("node:child_process")
const path = require("node:path")

const ROOT = path.resolve(__dirname, "..")
const ENV_NAME = "MONOBANK_TEST_DB_TEMPLATE"
/** The suites whose files boot the whole store (medusaIntegrationTestRunner) and so copy the template. */
const COPYING_SUITES = new Set(["integration:http"])
const RUNNER_DATABASES = "@medusajs/test-utils/dist/medusa-test-runner-utils/postgres-template"

const quote = (name) => `"${name.replace(/"/g, '""')}"`

async function dropMigratedTemplate(db, { dropDatabase }) {
  const name = process.env[ENV_NAME]
  if (name) await dropDatabase(db, name)
}

/** Global setup: a migrated database named in MONOBANK_TEST_DB_TEMPLATE for the files to copy. */
async function createMigratedTemplate(db, { ensureDatabase, log }) {
  if (!COPYING_SUITES.has(process.env.TEST_TYPE)) return undefined
  const name = `monobank_test_template_${process.pid}`
  await ensureDatabase(db, name)
  const started = Date.now()
  const url = `postgres://${encodeURIComponent(db.user)}:${encodeURIComponent(db.password ?? "")}@${db.host}:${db.port}/${name}`
  const result = spawnSync(process.execPath, [require.resolve("@medusajs/cli/cli.js", { paths: [ROOT] }), "db:migrate", "--skip-scripts"], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url, NODE_ENV: "test", LOG_LEVEL: "error", NODE_OPTIONS: "--no-warnings", TEST_TYPE: "", MEDUSA_DISABLE_TELEMETRY: "true" },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  })
  if (result.status !== 0) {
    log(`migrating the template database failed (each file migrates its own instead):\n${(result.stdout + result.stderr).split("\n").slice(-30).join("\n")}`)
    return undefined
  }
  log(`migrated the template database ${name} in ${Math.round((Date.now() - started) / 1000)} s`)
  process.env[ENV_NAME] = name
  return name
}

/** Per test file (setupFiles): the runner's "create the database" copies the template when there is one. */
function copyTemplateOnCreate() {
  const template = process.env[ENV_NAME]
  if (!template) return
  const databases = require(RUNNER_DATABASES)
  const { Client } = require("pg")
  databases.createDatabase = async ({ databaseName }, credentials = {}) => {
    const client = new Client({
      host: process.env.DB_HOST,
      port: Number(process.env.DB_PORT ?? 5432),
      user: process.env.DB_USERNAME,
      password: process.env.DB_PASSWORD,
      database: "postgres",
      ...credentials,
    })
    await client.connect()
    try {
      await client.query(`CREATE DATABASE ${quote(databaseName)} TEMPLATE ${quote(template)}`)
    } catch (error) {
      if (error?.code !== "42P04") throw error // already there: as the runner's own create
    } finally {
      await client.end()
    }
  }
}

module.exports = { createMigratedTemplate, dropMigratedTemplate, copyTemplateOnCreate }
