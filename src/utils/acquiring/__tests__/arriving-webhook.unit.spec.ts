import { generateKeyPairSync, sign } from "node:crypto"
import { createWebhookVerifier } from "../../../lib/monobank"
import type { SessionPaymentRow } from "../../session-money/ledger"
import { keepArrivingRecord, type ArrivingWebhookDeps } from "../arriving-webhook"

const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" })
const bankKey = Buffer.from(publicKey.export({ type: "spki", format: "pem" }).toString()).toString("base64")
const forger = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey

const SESSION = "payses_01ARRIVING"
const NOW = new Date("2026-11-29T10:00:05Z")

function webhook(fields: Record<string, unknown> = {}, key = privateKey) {
  const body = Buffer.from(
    JSON.stringify({
      invoiceId: "p2_paid",
      status: "success",
      amount: 123456,
      ccy: 980,
      finalAmount: 123456,
      reference: SESSION,
      createdDate: "2026-11-29T10:00:00Z",
      modifiedDate: "2026-11-29T10:00:04Z",
      walletData: { cardToken: "tok_secret", walletId: "w1", status: "new" },
      ...fields,
    })
  )
  return { body, xSign: sign("sha256", body, key).toString("base64") }
}

function row(fields: Partial<SessionPaymentRow> = {}): SessionPaymentRow {
  return { id: "mbsp_1", session_id: SESSION, kind: "invoice", bank_id: "p2_paid", charge_state: "sent", session_ended_at: null, ...fields } as SessionPaymentRow
}

/** The plugin's rows as the ledger holds them, the real signature check against the bank's key, and what was kept. */
function deps(rows: SessionPaymentRow[]) {
  const kept: Array<{ id: string; record: Record<string, unknown>; modifiedAt?: Date; at?: Date }> = []
  const verifier = createWebhookVerifier({ fetchPublicKey: async () => bankKey, maxWaitMs: 0 })
  const verify = jest.fn((raw: Buffer, xSign: string) => verifier.verify(raw, xSign))
  const ledger: ArrivingWebhookDeps["ledger"] = {
    sessionPaymentByBank: async (bankId) => rows.find((candidate) => candidate.bank_id === bankId),
    rememberBankRecord: async (id, record, modifiedAt, at) => {
      kept.push({ id, record, modifiedAt, at })
      return true
    },
  }
  return { deps: { ledger, verify, now: () => NOW }, kept, verify }
}

describe("a card webhook kept as it arrives", () => {
  it("keeps a signed paid record of the session's invoice on its row, without the card token, stamped now", async () => {
    const { deps: d, kept } = deps([row()])
    const { body, xSign } = webhook()

    expect(await keepArrivingRecord(d, body, xSign)).toBe("kept")

    expect(kept).toHaveLength(1)
    expect(kept[0]).toMatchObject({ id: "mbsp_1", modifiedAt: new Date("2026-11-29T10:00:04Z"), at: NOW })
    expect(kept[0].record).toMatchObject({ invoiceId: "p2_paid", status: "success", amount: 123456, reference: SESSION })
    expect(JSON.stringify(kept[0].record)).not.toContain("tok_secret")
  })

  it("keeps a held record too", async () => {
    const { deps: d, kept } = deps([row()])
    const { body, xSign } = webhook({ status: "hold" })
    expect(await keepArrivingRecord(d, body, xSign)).toBe("kept")
    expect(kept[0].record.status).toBe("hold")
  })

  it("keeps nothing of a forged signature", async () => {
    const { deps: d, kept } = deps([row()])
    const { body, xSign } = webhook({}, forger)
    expect(await keepArrivingRecord(d, body, xSign)).toBe("not_verified")
    expect(kept).toEqual([])
  })

  it("keeps nothing of a body altered after signing", async () => {
    const { deps: d, kept } = deps([row()])
    const { xSign } = webhook()
    const altered = webhook({ amount: 1 }).body
    expect(await keepArrivingRecord(d, altered, xSign)).toBe("not_verified")
    expect(kept).toEqual([])
  })

  it("checks no signature of a record that names an invoice the store did not make, or another session's", async () => {
    for (const rows of [[], [row({ session_id: "payses_OTHER" })]]) {
      const { deps: d, kept, verify } = deps(rows)
      const { body, xSign } = webhook()
      expect(await keepArrivingRecord(d, body, xSign)).toBe("not_ours")
      expect(verify).not.toHaveBeenCalled()
      expect(kept).toEqual([])
    }
  })

  it("keeps nothing for a declined charge or a session that ended", async () => {
    for (const ended of [row({ charge_state: "declined" }), row({ session_ended_at: new Date() as any })]) {
      const { deps: d, kept } = deps([ended])
      const { body, xSign } = webhook()
      expect(await keepArrivingRecord(d, body, xSign)).toBe("not_ours")
      expect(kept).toEqual([])
    }
  })

  it("leaves records no authorize may take (not paid yet, failed, reversed) and bodies that are no record", async () => {
    for (const status of ["created", "processing", "failure", "reversed", "expired"]) {
      const { deps: d, kept } = deps([row()])
      const { body, xSign } = webhook({ status })
      expect(await keepArrivingRecord(d, body, xSign)).toBe("not_a_payment")
      expect(kept).toEqual([])
    }
    const { deps: d } = deps([row()])
    expect(await keepArrivingRecord(d, Buffer.from("not json"), "c2ln")).toBe("not_a_payment")
    expect(await keepArrivingRecord(d, webhook().body, undefined)).toBe("not_a_payment")
    expect(await keepArrivingRecord(d, webhook({ reference: "order-17" }).body, webhook({ reference: "order-17" }).xSign)).toBe("not_a_payment")
  })

  it("says so when the row already holds a newer record", async () => {
    const { deps: d } = deps([row()])
    d.ledger.rememberBankRecord = async () => false
    const { body, xSign } = webhook()
    expect(await keepArrivingRecord(d, body, xSign)).toBe("not_newer")
  })
})
