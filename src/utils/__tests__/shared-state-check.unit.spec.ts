import { missingSharedModules, sharedStateWarning } from "../shared-state-check"

/** What Medusa's defineConfig leaves when a store registers nothing: every shared piece in memory. */
const DEFAULTS = {
  cache: { resolve: "@medusajs/medusa/cache-inmemory" },
  event_bus: { resolve: "@medusajs/medusa/event-bus-local" },
  workflows: { resolve: "@medusajs/medusa/workflow-engine-inmemory" },
  locking: { resolve: "@medusajs/medusa/locking" },
}

const REDIS_MODULES = {
  event_bus: { resolve: "@medusajs/medusa/event-bus-redis", options: { redisUrl: "redis://x" } },
  workflows: { resolve: "@medusajs/medusa/workflow-engine-redis", options: { redis: { url: "redis://x" } } },
  locking: {
    resolve: "@medusajs/medusa/locking",
    options: { providers: [{ resolve: "@medusajs/medusa/locking-redis", id: "locking-redis", is_default: true }] },
  },
}

describe("start-up check of a deployment of several processes", () => {
  it("a single process with Medusa's defaults is fine: nothing is reported", () => {
    expect(sharedStateWarning({ projectConfig: {}, modules: DEFAULTS })).toBeUndefined()
  })

  it("redisUrl set with the defaults names locking, event bus and workflow engine, each with what to register and what breaks", () => {
    const warning = sharedStateWarning({ projectConfig: { redisUrl: "redis://127.0.0.1:6379" }, modules: DEFAULTS })!
    expect(warning).toMatch(/projectConfig\.redisUrl is set/)
    expect(warning).toMatch(/"locking": register .*@medusajs\/medusa\/locking-redis.*two orders/)
    expect(warning).toMatch(/"event_bus": register .*@medusajs\/medusa\/event-bus-redis.*never handled/)
    expect(warning).toMatch(/"workflows": register .*@medusajs\/medusa\/workflow-engine-redis/)
  })

  it("a server/worker split without Redis modules is reported too", () => {
    const missing = missingSharedModules({ projectConfig: { workerMode: "server" }, modules: DEFAULTS })
    expect(missing.map((m) => m.key)).toEqual(["locking", "event_bus", "workflows"])
  })

  it("with the Redis modules registered nothing is reported; a locking module whose providers name no default still is", () => {
    const project = { redisUrl: "redis://127.0.0.1:6379", workerMode: "worker" }
    expect(sharedStateWarning({ projectConfig: project, modules: { ...DEFAULTS, ...REDIS_MODULES } })).toBeUndefined()
    const twoProvidersNoDefault = {
      ...REDIS_MODULES,
      locking: { resolve: "@medusajs/medusa/locking", options: { providers: [{ resolve: "a" }, { resolve: "b" }] } },
    }
    expect(missingSharedModules({ projectConfig: project, modules: { ...DEFAULTS, ...twoProvidersNoDefault } }).map((m) => m.key)).toEqual([
      "locking",
    ])
  })
})
