import { defineConfig, loadEnv, Modules } from "@medusajs/framework/utils"
import { MONOBANK_PAYMENT_DEPENDENCIES } from "./src/payment-dependencies"

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
  {
    // monobank installment purchase (docs/installments.md). Without env: the emulator's test store.
    // MONOBANK_INSTALLMENTS_ENVIRONMENT=sandbox|stage|production talks to the real bank instead of
    // MONOBANK_EMULATOR_URL.
    resolve: "./src/providers/monobank-installments",
    id: "monobank-installments",
    options: {
      storeId: env.MONOBANK_INSTALLMENTS_STORE_ID || "test_store_with_confirm",
      secret: env.MONOBANK_INSTALLMENTS_SECRET || "emulator-installments-test-secret",
      ...(env.MONOBANK_INSTALLMENTS_ENVIRONMENT
        ? { environment: env.MONOBANK_INSTALLMENTS_ENVIRONMENT }
        : { baseUrl: EMULATOR_URL }),
      webhookBaseUrl: STORE_URL,
      ...(env.MONOBANK_INSTALLMENTS_TIMEOUT_MS ? { timeoutMs: Number(env.MONOBANK_INSTALLMENTS_TIMEOUT_MS) } : {}),
      // The order is placed before the shopper approves in the app (docs/installments.md).
      ...(env.MONOBANK_INSTALLMENTS_PLACE_ORDER_BEFORE_APPROVAL === "true" ? { placeOrderBeforeApproval: true } : {}),
    },
  },
  // monobank card payments (docs/acquiring.md), in both capture modes: "monobank" holds the card
  // and the admin captures; "monobank-debit" charges at once.
  ...(["manual", "automatic"] as const).map((captureMode) => ({
    resolve: "./src/providers/monobank",
    id: captureMode === "manual" ? "monobank" : "monobank-debit",
    options: {
      token: env.MONOBANK_ACQUIRING_TOKEN || "emulator-acquiring-test-token",
      baseUrl: env.MONOBANK_ACQUIRING_BASE_URL || EMULATOR_URL,
      captureMode,
      redirectUrl: `${env.STOREFRONT_URL || "http://localhost:8000"}/checkout/monobank/return?session={session_id}`,
      webhookBaseUrl: STORE_URL,
      cardSaving: true,
      // Card details / Apple Pay / Google Pay on the store's own page (docs/store-page-payments.md):
      // off unless the environment says so; the emulator answers both.
      directCardPayments: env.MONOBANK_DIRECT_CARD_PAYMENTS === "true",
      syncPayments: env.MONOBANK_SYNC_PAYMENTS === "true",
      // Wallet keys and certificates (secrets) as JSON: docs/wallets.md lists the fields.
      ...(env.MONOBANK_APPLE_PAY ? { applePay: JSON.parse(env.MONOBANK_APPLE_PAY) } : {}),
      ...(env.MONOBANK_GOOGLE_PAY ? { googlePay: JSON.parse(env.MONOBANK_GOOGLE_PAY) } : {}),
      ...(env.MONOBANK_WEBHOOK_KEY_REFRESH_MS
        ? { webhookKeyRefreshIntervalMs: Number(env.MONOBANK_WEBHOOK_KEY_REFRESH_MS) }
        : {}),
      ...(env.MONOBANK_ACQUIRING_TIMEOUT_MS ? { timeoutMs: Number(env.MONOBANK_ACQUIRING_TIMEOUT_MS) } : {}),
    },
  })),
  // Payment on delivery chosen on the mono checkout page (docs/checkout.md); takes no other session.
  { resolve: "./src/providers/monobank-on-delivery", id: "monobank-on-delivery", options: {} },
  // -- providers: end
]

// MONOBANK_FISCAL_BASKET=true adds "monobank-fiscal" and "monobank-fiscal-hold": the debit and hold
// providers that also send the cart as the fiscal basket, as a store whose monobank merchant has a
// fiscal register (PRRO) linked needs.
if (env.MONOBANK_FISCAL_BASKET === "true") {
  for (const [base, id] of [["monobank-debit", "monobank-fiscal"], ["monobank", "monobank-fiscal-hold"]] as const) {
    const provider = paymentProviders.find((candidate) => candidate.id === base)!
    paymentProviders.push({ ...provider, id, options: { ...provider.options, fiscalBasket: true } })
  }
}

// `npm run bench` only: a provider with no bank (bench/floor-provider), the floor the webhook
// benchmark compares the monobank pipeline with. Never registered in a normal run of the dev store.
if (env.MONOBANK_BENCH_FLOOR_PROVIDER === "true") {
  paymentProviders.push({
    // Absolute: Medusa reads "./x" as "<root>/src/x".
    resolve: `${__dirname}/bench/floor-provider`,
    id: "bench-floor",
    options: { secret: env.MONOBANK_BENCH_FLOOR_SECRET || "bench-floor-secret" },
  })
}

/**
 * Several servers (or a server and a worker) must share locks, events and workflow state: with
 * REDIS_URL set, the dev store registers Medusa's Redis modules for all of them (README, "Running
 * several servers"). Without REDIS_URL, one process keeps them in memory, as Medusa's defaults do.
 */
const sharedStateModules = env.REDIS_URL
  ? [
      { resolve: "@medusajs/medusa/event-bus-redis", options: { redisUrl: env.REDIS_URL } },
      { resolve: "@medusajs/medusa/workflow-engine-redis", options: { redis: { redisUrl: env.REDIS_URL } } },
      { resolve: "@medusajs/medusa/cache-redis", options: { redisUrl: env.REDIS_URL } },
      {
        resolve: "@medusajs/medusa/locking",
        options: {
          providers: [
            { resolve: "@medusajs/medusa/locking-redis", id: "locking-redis", is_default: true, options: { redisUrl: env.REDIS_URL } },
          ],
        },
      },
    ]
  : []

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    // "server" (HTTP only), "worker" (subscribers and scheduled jobs only) or "shared" (both).
    workerMode: (env.MEDUSA_WORKER_MODE as "shared" | "worker" | "server" | undefined) || "shared",
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
    ...sharedStateModules,
    {
      resolve: "@medusajs/medusa/payment",
      key: Modules.PAYMENT,
      // What the plugin's providers reach through the payment module's container (a store owner
      // imports the list from "medusa-payment-monobank/payment-dependencies").
      dependencies: [...MONOBANK_PAYMENT_DEPENDENCIES],
      options: {
        providers: paymentProviders,
      },
    },
    // -- mono checkout: begin (docs/checkout.md)
    // A store owner gets this module automatically from the plugin and passes these options as
    // `plugins: [{ resolve: "medusa-payment-monobank", options: { checkout: {...} } }]`.
    {
      resolve: "./src/modules/monobank-checkout",
      options: {
        checkout: {
          token: env.MONOBANK_ACQUIRING_TOKEN || "emulator-acquiring-test-token",
          baseUrl: env.MONOBANK_ACQUIRING_BASE_URL || EMULATOR_URL,
          storeUrl: STORE_URL,
          returnUrl: `${env.STOREFRONT_URL || "http://localhost:8000"}/checkout/monobank?cart={cart_id}`,
          payment_method_list: ["card", "payment_on_delivery", "part_purchase"],
          payments_number: 4,
          // Card payments on the checkout page held until finalized in the business cabinet.
          hold: env.MONOBANK_CHECKOUT_HOLD === "true",
          requireCallbackSignature: env.MONOBANK_CHECKOUT_REQUIRE_SIGNATURE === "true",
          ...(env.MONOBANK_CHECKOUT_TIMEOUT_MS ? { timeoutMs: Number(env.MONOBANK_CHECKOUT_TIMEOUT_MS) } : {}),
        },
      },
    },
    {
      resolve: "@medusajs/medusa/fulfillment",
      key: Modules.FULFILLMENT,
      options: {
        providers: [
          { resolve: "@medusajs/medusa/fulfillment-manual", id: "manual" },
          { resolve: "./src/providers/monobank-checkout", id: "monobank-checkout" },
        ],
      },
    },
    // -- mono checkout: end
    // E-mail for the order widget's "Send payment link" (docs/payment-links.md): the demo store's
    // local provider writes each e-mail to the log. A store owner registers a real one (SendGrid,
    // Resend, ...) for the `email` channel instead.
    {
      resolve: "@medusajs/medusa/notification",
      key: Modules.NOTIFICATION,
      options: {
        providers: [
          { resolve: "@medusajs/medusa/notification-local", id: "local", options: { name: "Local (log only)", channels: ["feed", "email"] } },
        ],
      },
    },
    // When the bank was last read for what storefronts poll (installment sessions); a store owner
    // gets this module automatically from the plugin.
    { resolve: "./src/modules/monobank-bank-reads" },
    // Installment orders still to be taken back at the bank (a discarded session's order the bank
    // could not reject at once); worked off by the scheduled reconcile. Automatic for a store owner.
    { resolve: "./src/modules/monobank-withdrawals" },
    // What the plugin started at the bank for each payment session: the evidence every money
    // decision reads (src/utils/session-money). Automatic for a store owner.
    { resolve: "./src/modules/monobank-session-payments" },
    // Apple Pay / Google Pay tokens already taken (hashed), so each pays once on any server.
    // Automatic for a store owner; the card provider refuses wallet payments without it.
    { resolve: "./src/modules/monobank-wallet-tokens" },
    // Settings saved in the admin (Settings → monobank), over the options above; secrets in it are
    // encrypted with MONOBANK_SETTINGS_KEY. A store owner gets this module automatically too.
    { resolve: "./src/modules/monobank-settings" },
  ],
})
