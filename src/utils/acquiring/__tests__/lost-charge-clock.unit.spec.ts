/**
 * The statement read that names a charge whose answer was lost asks for a window of the bank's
 * time computed from the store's clock: a bank clock a little ahead of the store's must not hide
 * the charge (seen in a CI rehearsal: the emulator's clock drifted 20 s ahead and the charge, paid
 * moments before, stayed with no order).
 */
import type { StatementItem } from "../../../lib/monobank"
import { MemoryLedger } from "../../session-money/__tests__/memory-ledger"
import { nameLostCharge } from "../session-invoices"

const SESSION = "payses_01CLOCK"
const STORE_NOW = new Date("2026-11-27T12:00:00Z")

/** A bank whose statement holds what was paid within [from, to] of its own clock. */
function bankWithPaymentAt(paidAt: Date) {
  const item: StatementItem & { at: number } = {
    invoiceId: "p2_lost",
    status: "success",
    amount: 130456,
    ccy: 980,
    reference: SESSION,
    date: paidAt.toISOString(),
    at: Math.floor(paidAt.getTime() / 1000),
  }
  return {
    getStatement: async ({ from, to }: { from: number; to?: number }) => (item.at >= from && item.at <= (to ?? Infinity) ? [item] : []),
  }
}

async function lostChargeRow(ledger: MemoryLedger) {
  const row = await ledger.recordSessionPayment({ session_id: SESSION, provider_id: "pp_monobank_monobank", kind: "saved_card", amount_minor: 130456, ccy: 980, charge_state: "unknown" })
  return row
}

describe("nameLostCharge with the bank's clock ahead of the store's", () => {
  it.each([0, 20_000, 120_000])("names a charge the bank stamped %i ms ahead of the store's now", async (aheadMs) => {
    const ledger = new MemoryLedger(() => new Date(STORE_NOW.getTime() - 5_000))
    const row = await lostChargeRow(ledger)
    const named = await nameLostCharge(
      { client: bankWithPaymentAt(new Date(STORE_NOW.getTime() + aheadMs)) as never, ledger, logger: { info: () => {} }, now: () => STORE_NOW },
      row
    )
    expect(named?.bank_id).toBe("p2_lost")
  })
})
