import { sessionOfOrder } from "../order-session"

describe("sessionOfOrder", () => {
  it("is the session the bank names, whatever our records say", () => {
    expect(sessionOfOrder({ store_order_id: "payses_bank" }, "payses_ours")).toBe("payses_bank")
  })

  it("is the session our records made the order for when the bank's record names none", () => {
    expect(sessionOfOrder({}, "payses_ours")).toBe("payses_ours")
  })

  it("is unknown when neither the bank nor our records name one", () => {
    expect(sessionOfOrder({})).toBeUndefined()
  })
})
