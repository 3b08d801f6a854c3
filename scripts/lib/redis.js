// Finds a Redis for the soak suite: the one named by MONOBANK_TEST_REDIS_URL, else a local server on
// 127.0.0.1:6379, else a throwaway `redis-server` on a free port (no persistence, stopped by
// `stop()`). Without any of them the soak suite cannot run: install Redis
// (`apt-get install -y redis-server`) or point MONOBANK_TEST_REDIS_URL at one.
const net = require("node:net")
const { spawn, spawnSync } = require("node:child_process")
const { freePort } = require("./postgres")

const LOCAL = { host: "127.0.0.1", port: 6379 }
const INSTALL_HINT = "no Redis answers on 127.0.0.1:6379 and redis-server is not installed: apt-get install -y redis-server"

/** Whether a Redis answers PING at host:port. */
function redisAnswers(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port })
    let reply = ""
    const done = (ok) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(timeoutMs, () => done(false))
    socket.once("connect", () => socket.write("PING\r\n"))
    socket.on("data", (chunk) => {
      reply += chunk.toString("utf8")
      if (reply.includes("\r\n")) done(reply.startsWith("+PONG"))
    })
    socket.once("error", () => done(false))
  })
}

function redisServerBinary() {
  for (const candidate of ["redis-server", "/usr/bin/redis-server", "/usr/local/bin/redis-server"]) {
    if (spawnSync(candidate, ["--version"], { stdio: "ignore" }).status === 0) return candidate
  }
  return undefined
}

async function startRedisServer(log) {
  const binary = redisServerBinary()
  if (!binary) throw new Error(INSTALL_HINT)
  const port = await freePort()
  log(`starting ${binary} on 127.0.0.1:${port}`)
  const child = spawn(binary, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: "ignore",
  })
  for (let i = 0; i < 50; i++) {
    if (await redisAnswers(LOCAL.host, port)) {
      return {
        url: `redis://${LOCAL.host}:${port}`,
        source: `redis-server started on 127.0.0.1:${port}`,
        stop: async () => {
          child.kill("SIGTERM")
        },
      }
    }
    if (child.exitCode !== null) break
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  child.kill("SIGKILL")
  throw new Error(`${binary} did not answer on port ${port}`)
}

/** @returns {Promise<{url:string,source:string,stop:()=>Promise<void>}>} url without a database number */
async function acquireRedis({ log = () => undefined } = {}) {
  if (process.env.MONOBANK_TEST_REDIS_URL) {
    return { url: process.env.MONOBANK_TEST_REDIS_URL, source: "MONOBANK_TEST_REDIS_URL", stop: async () => undefined }
  }
  if (await redisAnswers(LOCAL.host, LOCAL.port)) {
    return { url: `redis://${LOCAL.host}:${LOCAL.port}`, source: "local Redis on 127.0.0.1:6379", stop: async () => undefined }
  }
  log("no Redis answers on 127.0.0.1:6379; starting redis-server")
  return startRedisServer(log)
}

module.exports = { acquireRedis, startRedisServer, redisAnswers, INSTALL_HINT }
