import { MedusaError } from "@medusajs/framework/utils"
import { formatBankAmount, fromBankMinorUnits, isBankAmountOf, toBankAmountText, toBankLineTotals, toBankMinorUnits } from "../medusa-money"

describe("bank amounts: one rounding rule for every monobank API", () => {
  it("rounds Medusa amounts half-up to whole minor units, whatever their shape", () => {
    expect(toBankMinorUnits(89.991, "uah")).toBe(8999)
    expect(toBankMinorUnits("90.045", 980)).toBe(9005)
    expect(toBankMinorUnits({ value: "159.991", precision: 20 }, "UAH")).toBe(15999)
    expect(toBankAmountText(89.991, "UAH")).toBe("89.99")
  })

  it("turns bad input into a MedusaError naming the field, never a raw RangeError", () => {
    for (const bad of ["abc", Number.NaN, "-1"]) {
      let thrown: unknown
      try {
        toBankMinorUnits(bad as any, "UAH", { field: "cart total" })
      } catch (error) {
        thrown = error
      }
      expect(thrown).toBeInstanceOf(MedusaError)
      expect((thrown as MedusaError).type).toBe(MedusaError.Types.INVALID_DATA)
      expect((thrown as Error).message).toMatch(/cart total .* is not a valid amount/)
    }
  })

  it("counts what the bank collected as Medusa's amount when it is that amount rounded", () => {
    expect(isBankAmountOf(89.991, "89.99", "UAH")).toBe(true)
    expect(isBankAmountOf("89.995", 90, "UAH")).toBe(true)
    expect(isBankAmountOf(89.991, "90.00", "UAH")).toBe(false)
    expect(isBankAmountOf("89.98", "89.99", "UAH")).toBe(false)
    expect(isBankAmountOf("x", "89.99", "UAH")).toBe(false)
  })

  it("rounds receipt lines so that they add up to the rounded total, or gives up on a bad line", () => {
    expect(toBankLineTotals([89.991, "90.045", { value: "90.045", precision: 20 }, 70], "UAH")).toEqual({
      total: 34008,
      parts: [8999, 9005, 9004, 7000],
    })
    expect(toBankLineTotals(["1", "abc"], "UAH")).toBeUndefined()
    expect(toBankLineTotals(["1", "-1"], "UAH")).toBeUndefined()
  })

  it("books a bank amount in minor units as the number Medusa counts", () => {
    expect(fromBankMinorUnits(8999, 980)).toBe(89.99)
    expect(fromBankMinorUnits(toBankMinorUnits({ value: "100.1", precision: 20 }, "UAH"), "UAH")).toBe(100.1)
    expect(fromBankMinorUnits(1500, "JPY")).toBe(1500)
    expect(fromBankMinorUnits(-250, "UAH")).toBe(-2.5)
  })

  it("shows minor units as text with the currency, whether counted as number or bigint, and never throws", () => {
    expect(formatBankAmount(8999, 980)).toBe("89.99 UAH")
    expect(formatBankAmount(123457n, "UAH")).toBe("1234.57 UAH")
    expect(formatBankAmount(5, 840)).toBe("0.05 USD")
    expect(formatBankAmount(100, 999)).toBe("100 (minor units, currency 999)")
    expect(formatBankAmount(1.5, 980)).toBe("1.5 (minor units, currency 980)")
  })
})
