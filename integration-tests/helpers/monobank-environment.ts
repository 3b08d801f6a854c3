import { startEmulator, type RunningEmulator } from "../../emulator"

// eslint-disable-next-line @typescript-eslint/no-var-requires
const { freePort } = require("../../scripts/lib/postgres")

export type MonobankTestEnvironment = {
  emulator: RunningEmulator
  /** The URL the Medusa test server listens on; the emulator sends webhooks there. */
  storeUrl: string
}

/**
 * Starts a monobank emulator and points the dev store's medusa-config.ts at it. Call it at the top
 * level of a spec, BEFORE `medusaIntegrationTestRunner`, so its `beforeAll` runs before Medusa
 * loads its config. The emulator is reset before each test, as the database is.
 */
/** How long after an installment order is made the emulator's scripted app user answers (phone endings 1, 3, 4). */
export const INSTALLMENTS_CALLBACK_DELAY_MS = 200

export function useMonobankTestEnvironment(
  options: Parameters<typeof startEmulator>[0] = {}
): MonobankTestEnvironment {
  const context = {} as MonobankTestEnvironment
  beforeAll(async () => {
    const port = await freePort()
    context.storeUrl = `http://localhost:${port}`
    context.emulator = await startEmulator({
      port: 0,
      installmentsCallbackDelayMs: INSTALLMENTS_CALLBACK_DELAY_MS,
      webhookRetryDelayMs: 100,
      ...options,
    })
    Object.assign(process.env, {
      PORT: String(port),
      MONOBANK_STORE_URL: context.storeUrl,
      MONOBANK_EMULATOR_URL: context.emulator.url,
      MONOBANK_ACQUIRING_TOKEN: context.emulator.acquiringToken,
      MONOBANK_INSTALLMENTS_STORE_ID: context.emulator.installments.storeId,
      MONOBANK_INSTALLMENTS_SECRET: context.emulator.installments.secret,
    })
  })
  beforeEach(async () => {
    await context.emulator.control.reset()
  })
  afterAll(async () => {
    await context.emulator?.close()
  })
  return context
}
