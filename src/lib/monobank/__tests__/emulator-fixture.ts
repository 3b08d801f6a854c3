/**
 * The emulator for one spec file of the bank layer, so each spec states only what it opens on it:
 * started before the first test with the spec's clients (and a receiver for its webhooks), reset
 * before each test, and everything closed after the last, clients before the emulator.
 */
import { startEmulator } from "../../../../emulator"
import { json, startRawServer } from "./raw-server"

export type Emulator = Awaited<ReturnType<typeof startEmulator>>
type Closable = { close(): unknown }

/**
 * `open` makes the spec's clients from the running emulator; the answer holds them and the
 * emulator once the spec's `beforeAll` has run: `bank.client`, `bank.emulator`.
 */
export function useEmulator<T extends Record<string, Closable>>(
  options: Parameters<typeof startEmulator>[0],
  open: (emulator: Emulator) => T | Promise<T>,
  { resetBeforeEach = true } = {}
): T & { emulator: Emulator } {
  const bank = {} as T & { emulator: Emulator }
  beforeAll(async () => {
    bank.emulator = await startEmulator(options)
    Object.assign(bank, await open(bank.emulator))
  })
  afterAll(async () => {
    const { emulator, ...opened } = bank
    for (const item of Object.values(opened) as Closable[]) await item.close()
    await emulator?.close()
  })
  if (resetBeforeEach) beforeEach(() => bank.emulator.control.reset())
  return bank
}

/** What the acquiring and checkout clients need to talk to the emulator (`X-Token` and its address). */
export function tokenOptions(emulator: Emulator) {
  return { token: emulator.acquiringToken, baseUrl: emulator.url }
}

/** A server that takes the emulator's webhooks and callbacks and answers 200. */
export function startReceiver() {
  return startRawServer((_req, res) => json(res, 200, {}))
}
