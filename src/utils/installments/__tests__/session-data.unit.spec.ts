import { recordsState, stateData } from "../session-data"

const waiting = { order_id: "o-1", state: "IN_PROCESS", order_sub_state: "WAITING_FOR_CLIENT" } as const
const stored = { status: "pending", data: { store_order_id: "payses_1", ...stateData(waiting, new Date("2025-01-15T10:00:00Z")) } }

describe("recordsState (whether a poll has anything to write)", () => {
  it("is true when the bank answers what the session records, whenever that was read", () => {
    expect(recordsState(stored, waiting)).toBe(true)
  })

  it("is false when the state, the sub-state or the bank's text differ", () => {
    expect(recordsState(stored, { ...waiting, order_sub_state: "WAITING_FOR_STORE_CONFIRM" })).toBe(false)
    expect(recordsState(stored, { ...waiting, state: "FAIL", order_sub_state: "CLIENT_PUSH_TIMEOUT" })).toBe(false)
    expect(recordsState(stored, { ...waiting, message: "Клієнт думає" })).toBe(false)
  })

  it("is false when the session's Medusa status is not the one the state means, or it records no state", () => {
    expect(recordsState({ ...stored, status: "error" }, waiting)).toBe(false)
    expect(recordsState({ status: "pending", data: { order_id: "o-1" } }, waiting)).toBe(false)
    expect(recordsState({ status: "pending", data: null }, waiting)).toBe(false)
  })
})
