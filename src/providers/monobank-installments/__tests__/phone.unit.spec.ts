import fc from "fast-check"
import { maskPhone, normalizeUkrainianPhone } from "../phone"

describe("normalizeUkrainianPhone", () => {
  it.each([
    ["+380501234567", "+380501234567"],
    ["380501234567", "+380501234567"],
    ["0501234567", "+380501234567"],
    ["80501234567", "+380501234567"],
    ["00380501234567", "+380501234567"],
    ["+38 (050) 123-45-67", "+380501234567"],
    [" +380 50 123 45 67 ", "+380501234567"],
    ["050.123.45.67", "+380501234567"],
  ])("reads %j as %s", (input, expected) => {
    expect(normalizeUkrainianPhone(input)).toEqual({ ok: true, phone: expected })
  })

  it.each(["+79161234567", "+48501234567", "501234567", "+3805012345678", "+38050123456", "+380 50 123 45 6x", "phone", "+1 (555) 010-0000"])(
    "refuses %j as not Ukrainian",
    (input) => {
      expect(normalizeUkrainianPhone(input)).toEqual({ ok: false, reason: "not_ukrainian" })
    }
  )

  it("tells an empty phone apart from a wrong one", () => {
    expect(normalizeUkrainianPhone("  ")).toEqual({ ok: false, reason: "empty" })
    expect(normalizeUkrainianPhone(undefined)).toEqual({ ok: false, reason: "empty" })
  })

  it("always yields +380 and 9 digits, whatever the spelling of a valid number", () => {
    const nine = fc.stringMatching(/^\d{9}$/)
    const prefix = fc.constantFrom("+380", "380", "0", "80", "00380", "+38 0", "+38 (0")
    fc.assert(
      fc.property(prefix, nine, (p, digits) => {
        const result = normalizeUkrainianPhone(`${p}${digits.slice(0, 2)} ${digits.slice(2, 5)}-${digits.slice(5)}`)
        expect(result).toEqual({ ok: true, phone: `+380${digits}` })
      })
    )
  })
})

describe("maskPhone", () => {
  it("keeps the country/operator prefix and the last 4 digits", () => {
    expect(maskPhone("+380501234567")).toBe("+38050***4567")
  })
})
