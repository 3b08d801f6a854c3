import { inspectCard, isExpired, luhnValid, maskPan, parseExpiry, paymentSystemOf } from "../cards"
import { TEST_CARDS } from "../constants"
import { hryvniaToKopecks, kopecksToHryvnia } from "../money"

const NOW = new Date("2026-06-15T12:00:00Z")

describe("cards", () => {
  it("accepts Luhn-valid numbers of 12-19 digits only", () => {
    for (const pan of Object.values(TEST_CARDS)) expect(luhnValid(pan)).toBe(true)
    expect(luhnValid("4242424242424241")).toBe(false)
    expect(luhnValid("42424242")).toBe(false)
    expect(luhnValid("4242a24242424242")).toBe(false)
  })

  it("masks as the bank does and tells visa from mastercard", () => {
    expect(maskPan("4242424242424242")).toBe("424242******4242")
    expect(paymentSystemOf("4242424242424242")).toBe("visa")
    expect(paymentSystemOf("5555555555554444")).toBe("mastercard")
  })

  it("reads mmyy and MM/YY expiries and knows when a card expired", () => {
    expect(parseExpiry("0630")).toEqual({ month: 6, year: 2030 })
    expect(parseExpiry("06/30")).toEqual({ month: 6, year: 2030 })
    expect(parseExpiry("13/30")).toBeNull()
    expect(isExpired({ month: 6, year: 2026 }, NOW)).toBe(false)
    expect(isExpired({ month: 5, year: 2026 }, NOW)).toBe(true)
  })

  it("scripts outcomes by test card; an expired card fails with errCode 51", () => {
    const outcome = (pan: string, exp = "1230") => {
      const inspected = inspectCard({ pan, exp, cvv: "123" }, NOW)
      return "profile" in inspected ? inspected.profile.outcome : inspected
    }
    expect(outcome(TEST_CARDS.visa)).toEqual({ kind: "paid" })
    expect(outcome(TEST_CARDS.declined)).toMatchObject({ kind: "failure", errCode: "55" })
    expect(outcome(TEST_CARDS.insufficientFunds)).toMatchObject({ kind: "failure", errCode: "59" })
    expect(outcome(TEST_CARDS.threeDSecure)).toEqual({ kind: "3ds" })
    expect(outcome(TEST_CARDS.visa, "0126")).toMatchObject({ kind: "failure", errCode: "51" })
    expect(outcome("1234")).toEqual({ error: expect.stringContaining("pan") })
  })

  it("recognises the same card by fingerprint without keeping the number", () => {
    const a = inspectCard({ pan: TEST_CARDS.visa, exp: "1230", cvv: "123" }, NOW)
    const b = inspectCard({ pan: "4242 4242 4242 4242", exp: "12/30", cvv: "999" }, NOW)
    expect("profile" in a && "profile" in b && a.profile.fingerprint === b.profile.fingerprint).toBe(true)
    expect(JSON.stringify(a)).not.toContain(TEST_CARDS.visa)
  })
})

describe("hryvnia money", () => {
  it("converts through the decimal text, without float drift", () => {
    expect(hryvniaToKopecks(2499.99)).toBe(249999)
    expect(hryvniaToKopecks(0.1)).toBe(10)
    expect(hryvniaToKopecks(1.15)).toBe(115)
    expect(kopecksToHryvnia(249999 - 1)).toBe(2499.98)
    expect(kopecksToHryvnia(5)).toBe(0.05)
    expect(() => hryvniaToKopecks(1.005)).toThrow(RangeError)
  })
})
