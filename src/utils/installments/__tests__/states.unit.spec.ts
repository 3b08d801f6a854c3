import { orderSubStateSchema } from "../../../lib/monobank"
import { SESSION_STATUS, WEBHOOK_ACTION } from "../medusa-status"
import { describeOrderState, INSTALLMENT_STATES } from "../states"

const session = (state: "IN_PROCESS" | "SUCCESS" | "FAIL" | "unknown", sub: string) =>
  SESSION_STATUS[describeOrderState(state, sub).status]
const action = (state: "IN_PROCESS" | "SUCCESS" | "FAIL", sub: string) =>
  WEBHOOK_ACTION[describeOrderState(state, sub).status]

describe("installment state table", () => {
  it("covers every sub-state the bank documents", () => {
    expect(Object.keys(INSTALLMENT_STATES).sort()).toEqual([...orderSubStateSchema.options].sort())
  })

  it("maps the issue's states to Medusa session statuses", () => {
    expect(session("IN_PROCESS", "WAITING_FOR_CLIENT")).toBe("pending")
    expect(session("IN_PROCESS", "WAITING_FOR_STORE_CONFIRM")).toBe("authorized")
    expect(session("SUCCESS", "ACTIVE")).toBe("captured")
    expect(session("SUCCESS", "DONE")).toBe("captured")
    expect(describeOrderState("SUCCESS", "RETURNED").status).toBe("refunded")
    expect(session("FAIL", "REJECTED_BY_STORE")).toBe("canceled")
    for (const [sub, row] of Object.entries(INSTALLMENT_STATES)) {
      if (row.state === "FAIL" && sub !== "REJECTED_BY_STORE") expect(session("FAIL", sub)).toBe("error")
    }
  })

  it("maps callbacks to webhook actions: Medusa completes the cart on authorized, our subscriber handles failures", () => {
    expect(action("IN_PROCESS", "WAITING_FOR_STORE_CONFIRM")).toBe("authorized")
    expect(action("SUCCESS", "ACTIVE")).toBe("captured")
    expect(action("FAIL", "CLIENT_PUSH_TIMEOUT")).toBe("failed")
    expect(action("FAIL", "REJECTED_BY_STORE")).toBe("canceled")
    expect(action("IN_PROCESS", "WAITING_FOR_CLIENT")).toBe("pending")
  })

  it("gives every state a stable code, a required action and shopper texts in Ukrainian and English", () => {
    for (const [sub, row] of Object.entries(INSTALLMENT_STATES)) {
      const outcome = describeOrderState(row.state, sub)
      expect(outcome.code).toBe(sub)
      expect(outcome.action).toMatch(/^[a-z_0-9]+$/)
      expect(outcome.message.uk).toMatch(/[а-яієїґ]/i)
      expect(outcome.message.en).toMatch(/^[\x20-\x7e]+$/)
      expect(outcome.description.length).toBeGreaterThan(10)
    }
  })

  it("tells the shopper what to do when another order is open", () => {
    const outcome = describeOrderState("FAIL", "EXISTS_OTHER_OPEN_ORDER")
    expect(outcome.action).toBe("wait_15_minutes_or_cancel_other_order")
    expect(outcome.message.en).toMatch(/wait 15 minutes or cancel the other order in the monobank app/i)
    expect(outcome.message.uk).toMatch(/15 хвилин/)
  })

  it("reads an unknown or inconsistent pair by its state", () => {
    expect(describeOrderState("FAIL", "SOMETHING_NEW")).toMatchObject({ code: "SOMETHING_NEW", status: "error", action: "contact_support" })
    expect(describeOrderState("IN_PROCESS", "SOMETHING_NEW").status).toBe("pending")
    expect(describeOrderState("SUCCESS", "WAITING_FOR_CLIENT").status).toBe("captured")
  })
})

describe("installment states outside the table", () => {
  it("reads SUCCESS with an undocumented sub-state as paid (as integrators handle SUCCESS/SUCCESS)", () => {
    expect(describeOrderState("SUCCESS", "SUCCESS")).toMatchObject({ code: "SUCCESS", status: "captured" })
  })

  it("keeps an unknown state pending and not final, so it is read again", () => {
    const outcome = describeOrderState("unknown", "MANUAL_CHECK")
    expect(outcome).toMatchObject({ code: "MANUAL_CHECK", status: "pending", final: false })
    expect(session("unknown", "MANUAL_CHECK")).toBe("pending")
  })
})
