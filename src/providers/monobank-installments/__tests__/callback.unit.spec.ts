import { signInstallmentsBody } from "../../../lib/monobank"
import { checkCallback } from "../callback"

const SECRET = "emulator-installments-test-secret"
const body = JSON.stringify({ order_id: "2f1c", state: "IN_PROCESS", order_sub_state: "WAITING_FOR_STORE_CONFIRM" })
const signed = (raw: Buffer | string, secret = SECRET) => ({ signature: signInstallmentsBody(raw, secret) })

describe("checkCallback", () => {
  it("accepts a body signed with the store secret and reads it", () => {
    const raw = Buffer.from(body)
    expect(checkCallback({ rawData: raw, headers: signed(raw) }, SECRET)).toEqual({
      ok: true,
      body: { order_id: "2f1c", state: "IN_PROCESS", order_sub_state: "WAITING_FOR_STORE_CONFIRM" },
    })
  })

  it("accepts a raw body that went through JSON on the event bus", () => {
    const raw = Buffer.from(body)
    expect(checkCallback({ rawData: raw.toJSON(), headers: signed(raw) }, SECRET).ok).toBe(true)
  })

  it("refuses a body signed with another secret", () => {
    const raw = Buffer.from(body)
    expect(checkCallback({ rawData: raw, headers: signed(raw, "other") }, SECRET)).toEqual({ ok: false, reason: "bad_signature" })
  })

  it("refuses a body re-serialised with extra spaces after signing", () => {
    const spaced = Buffer.from(JSON.stringify(JSON.parse(body), null, 2))
    expect(checkCallback({ rawData: spaced, headers: signed(body) }, SECRET)).toEqual({ ok: false, reason: "bad_signature" })
  })

  it("refuses a body that is not UTF-8, even when its bytes are signed", () => {
    const cp1251 = Buffer.concat([Buffer.from('{"order_id":"'), Buffer.from([0xcf, 0xf0, 0xe8]), Buffer.from('"}')])
    expect(checkCallback({ rawData: cp1251, headers: signed(cp1251) }, SECRET)).toEqual({ ok: false, reason: "not_utf8" })
  })

  it("refuses unsigned, empty and malformed callbacks", () => {
    expect(checkCallback({ rawData: Buffer.from(body), headers: {} }, SECRET)).toEqual({ ok: false, reason: "no_signature" })
    expect(checkCallback({ rawData: Buffer.alloc(0), headers: signed("") }, SECRET)).toEqual({ ok: false, reason: "no_body" })
    const junk = Buffer.from('{"order_id":"x","state":"MAYBE"}')
    expect(checkCallback({ rawData: junk, headers: signed(junk) }, SECRET)).toEqual({ ok: false, reason: "malformed" })
  })
})

describe("checkCallback: states the bank sends outside its published enums", () => {
  it("accepts SUCCESS/SUCCESS (the bank's own OpenAPI example) instead of dropping it as malformed", () => {
    const raw = Buffer.from(JSON.stringify({ order_id: "2f1c", state: "SUCCESS", order_sub_state: "SUCCESS" }))
    const check = checkCallback({ rawData: raw, headers: signed(raw) }, SECRET)
    expect(check).toMatchObject({ ok: true, body: { state: "SUCCESS", order_sub_state: "SUCCESS" } })
  })

  it("accepts an unknown state and reads it as unknown", () => {
    const raw = Buffer.from(JSON.stringify({ order_id: "2f1c", state: "ON_REVIEW", order_sub_state: "MANUAL_CHECK" }))
    const check = checkCallback({ rawData: raw, headers: signed(raw) }, SECRET)
    expect(check).toMatchObject({ ok: true, body: { state: "unknown", raw_state: "ON_REVIEW", order_sub_state: "MANUAL_CHECK" } })
  })
})
