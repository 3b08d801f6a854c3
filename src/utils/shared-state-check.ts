/**
 * A store that runs several processes (servers behind a load balancer, or a server and a worker)
 * needs Medusa's locking, event bus and workflow engine shared between them; Medusa's defaults
 * keep all three in each process's memory. This reads the loaded config and names what is missing.
 */

type ModuleEntry = {
  resolve?: unknown
  options?: { providers?: Array<{ resolve?: unknown; is_default?: boolean }>; [option: string]: unknown }
}

export type DeploymentConfig = {
  projectConfig?: { redisUrl?: string; workerMode?: string }
  modules?: Record<string, ModuleEntry | boolean | undefined>
}

type SharedModule = {
  key: string
  /** Whether the registered module keeps its state where every process sees it. */
  isShared(entry: ModuleEntry | undefined): boolean
  register: string
  withoutIt: string
}

const resolveOf = (entry: ModuleEntry | undefined) => (typeof entry?.resolve === "string" ? entry.resolve : "")

function hasDefaultLockingProvider(entry: ModuleEntry | undefined): boolean {
  const providers = entry?.options?.providers ?? []
  return providers.some((provider) => provider.is_default) || providers.length === 1
}

export const SHARED_MODULES: readonly SharedModule[] = [
  {
    key: "locking",
    isShared: hasDefaultLockingProvider,
    register:
      '{ resolve: "@medusajs/medusa/locking", options: { providers: [{ resolve: "@medusajs/medusa/locking-redis", id: "locking-redis", is_default: true, options: { redisUrl } }] } }',
    withoutIt:
      "Medusa's cart lock holds per process, so two servers can complete one cart into two orders (Medusa's duplicates, which no payment plugin can prevent), and the plugin's one-refund-per-invoice, one-bank-read-per-order and reconcile locks do not hold across servers",
  },
  {
    key: "event_bus",
    isShared: (entry) => !!entry && !resolveOf(entry).includes("event-bus-local"),
    register: '{ resolve: "@medusajs/medusa/event-bus-redis", options: { redisUrl } }',
    withoutIt:
      "bank webhooks are handled only by the process that received them and are not retried; with a separate worker, webhooks received by a server are never handled, so paid carts wait for the reconcile job",
  },
  {
    key: "workflows",
    isShared: (entry) => !!entry && !resolveOf(entry).includes("workflow-engine-inmemory"),
    register: '{ resolve: "@medusajs/medusa/workflow-engine-redis", options: { redis: { redisUrl } } }',
    withoutIt: "scheduled jobs (the plugin's reconcile jobs included) run in every process at once, and workflow state is lost on restart",
  },
]

/** The modules a deployment of several processes lacks; empty for a single process. */
export function missingSharedModules(config: DeploymentConfig): SharedModule[] {
  const project = config.projectConfig ?? {}
  const severalProcesses = !!project.redisUrl || project.workerMode === "server" || project.workerMode === "worker"
  if (!severalProcesses) return []
  return SHARED_MODULES.filter((module) => {
    const entry = config.modules?.[module.key]
    return !module.isShared(typeof entry === "object" ? entry : undefined)
  })
}

export function sharedStateWarning(config: DeploymentConfig): string | undefined {
  const missing = missingSharedModules(config)
  if (!missing.length) return undefined
  const why = config.projectConfig?.redisUrl ? "projectConfig.redisUrl is set" : `workerMode is "${config.projectConfig?.workerMode}"`
  const lines = missing.map((module) => `  - "${module.key}": register ${module.register}. Without it ${module.withoutIt}.`)
  return [
    `monobank: ${why}, so this store may run several Medusa processes, but these modules keep their state in each process's memory. Register them in medusa-config.ts modules (README, "Running several servers"):`,
    ...lines,
  ].join("\n")
}
