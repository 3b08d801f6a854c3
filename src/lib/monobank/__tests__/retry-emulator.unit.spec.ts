/** The retry policy against the emulator's fault injection, over real HTTP. */
import { tokenOptions, useEmulator } from "./emulator-fixture"
import { errorOf } from "./error-of"
import { AcquiringClient } from "../acquiring/client"
import { MonobankApiError } from "../errors"

const sleeps: number[] = []

const bank = useEmulator({ port: 0 }, (emulator) => ({
  client: new AcquiringClient({ ...tokenOptions(emulator), retry: { sleep: async (ms) => void sleeps.push(ms), random: () => 0.5 } }),
}))

beforeEach(() => {
  sleeps.length = 0
})

async function callsTo(path: string) {
  return (await bank.emulator.control.calls()).filter((call) => call.path.startsWith(path))
}

it("does not repeat invoice create after a 500 and reports the outcome as unknown", async () => {
  await bank.emulator.control.injectFault({ method: "POST", path: "/api/merchant/invoice/create", count: 1, kind: "500" })
  const error = await errorOf(bank.client.createInvoice({ amount: 100 }))
  expect(error).toMatchObject({ kind: "http", status: 500, outcomeUnknown: true, attempts: 1 })
  expect(await callsTo("/api/merchant/invoice/create")).toHaveLength(1)
  expect(sleeps).toEqual([])
})

it("retries invoice status after 500s and succeeds", async () => {
  const { invoiceId } = await bank.client.createInvoice({ amount: 100 })
  await bank.emulator.control.injectFault({ method: "GET", path: "/api/merchant/invoice/status", count: 2, kind: "500" })
  const status = await bank.client.getInvoiceStatus(invoiceId)
  expect(status.status).toBe("created")
  expect(await callsTo("/api/merchant/invoice/status")).toHaveLength(3)
  expect(sleeps).toEqual([125, 250])
})

it("waits for Retry-After on 429 before reading again", async () => {
  const { invoiceId } = await bank.client.createInvoice({ amount: 100 })
  await bank.emulator.control.injectFault({
    method: "GET",
    path: "/api/merchant/invoice/status",
    count: 1,
    kind: "429",
    retryAfterSeconds: 2,
  })
  expect((await bank.client.getInvoiceStatus(invoiceId)).invoiceId).toBe(invoiceId)
  expect(sleeps).toEqual([2000])
})

it("times out a slow invoice create once; the invoice may exist, so the outcome is unknown", async () => {
  const path = "/api/merchant/invoice/create"
  await bank.emulator.control.injectFault({ method: "POST", path, count: 1, kind: "slow", delayMs: 150 })
  const error = await errorOf(bank.client.createInvoice({ amount: 100 }, { timeoutMs: 50 }))
  expect(error).toMatchObject({ kind: "timeout", outcomeUnknown: true, attempts: 1 })
  // The emulator logs a call once it has answered: wait for the slow answer, then count.
  let calls = await callsTo(path)
  for (let i = 0; calls.length === 0 && i < 100; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10))
    calls = await callsTo(path)
  }
  expect(calls).toEqual([expect.objectContaining({ method: "POST", status: 200 })])
})

it("retries a slow read until it answers in time", async () => {
  const { invoiceId } = await bank.client.createInvoice({ amount: 100 })
  await bank.emulator.control.injectFault({ method: "GET", path: "/api/merchant/invoice/status", count: 1, kind: "slow", delayMs: 300 })
  const status = await bank.client.getInvoiceStatus(invoiceId, { timeoutMs: 100 })
  expect(status.invoiceId).toBe(invoiceId)
  expect(sleeps).toHaveLength(1)
})

it("reports a dropped connection on finalize as a network error with unknown outcome", async () => {
  await bank.emulator.control.injectFault({ method: "POST", path: "/api/merchant/invoice/finalize", count: 1, kind: "reset" })
  const error = await errorOf(bank.client.finalizeInvoice({ invoiceId: "any", amount: 100 }))
  expect(error).toMatchObject({ kind: "network", outcomeUnknown: true, attempts: 1 })
  expect(await callsTo("/api/merchant/invoice/finalize")).toHaveLength(1)
})
