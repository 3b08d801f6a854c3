import { defineConfig, loadEnv, Modules } from "@medusajs/framework/utils"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

/**
 * The dev/test store of this repository. It loads the plugin straight from `src/` (Medusa treats the
 * project's own `src/` as a plugin) and talks to the local monobank emulator unless told otherwise.
 * Every secret comes from the environment: see `.env.template` and the README.
 */
const env = process.env
const EMULATOR_URL = env.MONOBANK_EMULATOR_URL || "http://127.0.0.1:9797"
/** Public URL of this store: the bank sends webhooks and callbacks to `${STORE_URL}/hooks/...`. */
const STORE_URL = env.MONOBANK_STORE_URL || `http://localhost:${env.PORT || 9000}`

// Payment providers of this plugin, registered from src/ (a store owner writes
// "medusa-payment-monobank/providers/<name>" instead).
const paymentProviders: { resolve: string; id: string; options: Record<string, unknown> }[] = [
  // -- providers: begin
  // -- providers: end
]

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    http: {
      storeCors: env.STORE_CORS || "http://localhost:8000",
      adminCors: env.ADMIN_CORS || "http://localhost:9000",
      authCors: env.AUTH_CORS || "http://localhost:9000,http://localhost:8000",
      jwtSecret: env.JWT_SECRET || "supersecret",
      cookieSecret: env.COOKIE_SECRET || "supersecret",
    },
  },
  admin: {
    disable: env.MEDUSA_ADMIN_DISABLED === "true",
  },
  modules: [
    {
      resolve: "@medusajs/medusa/payment",
      key: Modules.PAYMENT,
      options: {
        providers: paymentProviders,
        // Medusa waits this long before processing a webhook (tests shorten it).
        webhook_delay: Number(env.PAYMENT_WEBHOOK_DELAY_MS || 5000),
      },
    },
  ],
})
