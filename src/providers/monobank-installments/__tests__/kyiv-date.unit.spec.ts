import { kyivDate } from "../kyiv-date"

describe("kyivDate", () => {
  it("uses the Kyiv calendar day", () => {
    expect(kyivDate(new Date("2025-01-15T22:30:00Z"))).toBe("2025-01-16")
    expect(kyivDate(new Date("2025-07-01T12:00:00Z"))).toBe("2025-07-01")
  })
})
