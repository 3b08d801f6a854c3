import fc from "fast-check"
import { allocateMinorUnits, fromMinorUnits, roundToMinorUnits, toMinorUnits } from "../money"
import { FakeBigNumber } from "./fake-big-number"

/** Exact value of a decimal string in 10^-scale units, for checking without floating point. */
function scaled(text: string, scale: number): bigint {
  const [int, frac = ""] = text.split(".")
  return BigInt(int + frac.padEnd(scale, "0").slice(0, scale))
}

const kopecks = fc.bigInt({ min: 0n, max: 10n ** 13n })
/** Digits below the kopeck: "0" .. "999999" (at least one digit). */
const subKopeck = fc.stringMatching(/^\d{1,6}$/)

describe("roundToMinorUnits (half-up to the currency's minor unit)", () => {
  it.each([
    [89.991, "UAH", 8999],
    ["159.991", "uah", 15999],
    ["90.045", "UAH", 9005],
    ["1.005", "UAH", 101], // Math.round(1.005 * 100) gives 100: floats cannot hold 1.005
    ["0.005", "UAH", 1],
    ["0.0049999", "UAH", 0],
    ["1234.56", "UAH", 123456],
    [0, "UAH", 0],
    ["10.5", "JPY", 11],
    ["1.2345", "KWD", 1235],
    ["1e-3", "UAH", 0],
    [{ value: "89.991", precision: 20 }, "UAH", 8999],
    [new FakeBigNumber({ value: "89.995", precision: 20 }), 980, 9000],
  ] as const)("rounds %p %s to %p", (amount, currency, expected) => {
    expect(roundToMinorUnits(amount as any, currency)).toBe(expected)
  })

  it("rounds a negative amount away from zero only when negatives are allowed", () => {
    expect(roundToMinorUnits("-0.005", "UAH", { allowNegative: true })).toBe(-1)
    expect(roundToMinorUnits("-0.004", "UAH", { allowNegative: true })).toBe(0)
    expect(() => roundToMinorUnits("-0.01", "UAH")).toThrow(/must not be negative/)
  })

  it.each([[Number.NaN], [Infinity], ["abc"], [""], [null], [{}]])("rejects %p", (amount) => {
    expect(() => roundToMinorUnits(amount as any, "UAH")).toThrow(/amount/)
  })

  it("rejects an unknown currency and an amount beyond safe integers", () => {
    expect(() => roundToMinorUnits(1, "XYZ")).toThrow(/unknown currency/)
    expect(() => roundToMinorUnits("90071992547409.92", "UAH")).toThrow(/too large/)
  })

  it("property: whole kopecks plus sub-kopeck digits round up exactly when the first dropped digit is 5 or more", () => {
    fc.assert(
      fc.property(kopecks, subKopeck, (minor, digits) => {
        const amount = fromMinorUnits(minor, "UAH") + digits
        const expected = minor + (Number(digits[0]) >= 5 ? 1n : 0n)
        expect(roundToMinorUnits(amount, "UAH")).toBe(Number(expected))
      })
    )
  })

  it("property: agrees with the strict toMinorUnits on amounts that are whole kopecks", () => {
    fc.assert(
      fc.property(kopecks, (minor) => {
        const amount = fromMinorUnits(minor, "UAH")
        expect(roundToMinorUnits(amount, "UAH")).toBe(toMinorUnits(amount, "UAH"))
      })
    )
  })

  it("property: never more than half a kopeck away from the exact amount", () => {
    fc.assert(
      fc.property(kopecks, subKopeck, (minor, digits) => {
        const amount = fromMinorUnits(minor, "UAH") + digits
        const exact = scaled(amount, 8) // in 10^-8 UAH
        const rounded = BigInt(roundToMinorUnits(amount, "UAH")) * 10n ** 6n
        const distance = rounded > exact ? rounded - exact : exact - rounded
        expect(distance <= 5n * 10n ** 5n).toBe(true)
      })
    )
  })
})

describe("allocateMinorUnits (parts that add up to the rounded total)", () => {
  it("gives the kopeck two half-kopeck lines cannot both keep to the first of them", () => {
    expect(allocateMinorUnits(["90.045", "90.045", 70], "UAH")).toEqual({ total: 25009, parts: [9005, 9004, 7000] })
  })

  it("gives missing kopecks to the parts with the largest dropped fractions", () => {
    expect(allocateMinorUnits(["0.333", "0.333", "0.334"], "UAH")).toEqual({ total: 100, parts: [33, 33, 34] })
    expect(allocateMinorUnits(["10.001", "10.009"], "UAH")).toEqual({ total: 2001, parts: [1000, 1001] })
  })

  it("leaves whole amounts as they are and accepts Medusa's amount shapes", () => {
    expect(allocateMinorUnits([{ value: "89.991", precision: 20 }, new FakeBigNumber({ value: "70", precision: 20 })], 980)).toEqual({
      total: 15999,
      parts: [8999, 7000],
    })
    expect(allocateMinorUnits([], "UAH")).toEqual({ total: 0, parts: [] })
  })

  it("rejects negative or malformed parts", () => {
    expect(() => allocateMinorUnits(["1", "-0.01"], "UAH")).toThrow(/must not be negative/)
    expect(() => allocateMinorUnits(["1", "x"], "UAH")).toThrow(RangeError)
  })

  it("property: parts add up to the rounded sum and each stays within one kopeck of its exact value", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 9n }), subKopeck), { maxLength: 12 }), (raw) => {
        const amounts = raw.map(([minor, digits]) => fromMinorUnits(minor, "UAH") + digits)
        const { total, parts } = allocateMinorUnits(amounts, "UAH")
        const exactSum = amounts.reduce((sum, amount) => sum + scaled(amount, 8), 0n)
        const sumText = `${exactSum / 10n ** 8n}.${(exactSum % 10n ** 8n).toString().padStart(8, "0")}`
        expect(total).toBe(roundToMinorUnits(sumText, "UAH"))
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total)
        parts.forEach((part, i) => {
          const exact = scaled(amounts[i], 8)
          const mine = BigInt(part) * 10n ** 6n
          expect(mine - exact < 10n ** 6n && exact - mine < 10n ** 6n).toBe(true)
        })
      })
    )
  })
})
