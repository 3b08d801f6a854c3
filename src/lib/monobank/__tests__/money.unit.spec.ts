import fc from "fast-check"
import {
  CURRENCIES,
  currencyAlphaCode,
  currencyExponent,
  currencyNumericCode,
  fromMinorUnits,
  toInstallmentSum,
  toMinorUnits,
  type CurrencyAlphaCode,
} from "../money"
import { FakeBigNumber } from "./fake-big-number"

describe("toMinorUnits", () => {
  it.each([
    [1234.56, "UAH", 123456],
    ["1234.56", "uah", 123456],
    ["10.500", "UAH", 1050],
    ["  7.1 ", "UAH", 710],
    [10n, "UAH", 1000],
    [0, "UAH", 0],
    [-0, "UAH", 0],
    ["1e3", "UAH", 100000],
    ["12.5e-1", "UAH", 125],
    [0.01, "USD", 1],
    [1234, "JPY", 1234],
    ["1234.000", "JPY", 1234],
    [1.234, "KWD", 1234],
    [99.99, 980, 9999],
  ] as const)("converts %p %s to %p", (amount, currency, expected) => {
    expect(toMinorUnits(amount, currency)).toBe(expected)
  })

  it("reads Medusa's raw and BigNumber shapes exactly", () => {
    expect(toMinorUnits({ value: "100.1", precision: 20 }, "UAH")).toBe(10010)
    expect(toMinorUnits({ value: 42.5 }, "UAH")).toBe(4250)
    expect(toMinorUnits({ raw: { value: "1234.5600000000000000" } }, "UAH")).toBe(123456)
    expect(toMinorUnits(new FakeBigNumber({ value: "19.9900000000000000", precision: 20 }), "UAH")).toBe(1999)
    expect(toMinorUnits({ toJSON: () => 12.34 }, "UAH")).toBe(1234)
  })

  it("rejects more precision than the currency has, naming amount and currency", () => {
    expect(() => toMinorUnits(1.234, "UAH")).toThrow(/1\.234.*UAH/)
    expect(() => toMinorUnits("1234.5", "JPY")).toThrow(/"1234\.5".*JPY/)
    expect(() => toMinorUnits(0.1 + 0.2, "UAH")).toThrow(/0\.30000000000000004.*UAH/)
    expect(() => toMinorUnits({ value: "33.333333333333333333", precision: 20 }, "UAH")).toThrow(/33\.33.*UAH/)
  })

  it("rejects negatives unless allowed", () => {
    expect(() => toMinorUnits(-1, "UAH")).toThrow(/-1 UAH must not be negative/)
    expect(() => toMinorUnits("-0.01", "UAH")).toThrow(/negative/)
    expect(toMinorUnits("-0.01", "UAH", { allowNegative: true })).toBe(-1)
  })

  it.each([NaN, Infinity, -Infinity, "abc", "", ".", "1.2.3", "0x10", null, undefined, {}, [], true])(
    "rejects %p",
    (amount) => {
      expect(() => toMinorUnits(amount as never, "UAH")).toThrow()
    }
  )

  it("rejects unknown currencies and amounts beyond safe integers", () => {
    expect(() => toMinorUnits(1, "XYZ")).toThrow(/unknown currency "XYZ"/)
    expect(() => toMinorUnits(1, 999)).toThrow(/unknown currency 999/)
    expect(() => toMinorUnits("90071992547409.92", "UAH")).toThrow(/too large/)
    expect(toMinorUnits("90071992547409.91", "UAH")).toBe(Number.MAX_SAFE_INTEGER)
  })
})

describe("fromMinorUnits", () => {
  it.each([
    [123456, "UAH", "1234.56"],
    [5, "UAH", "0.05"],
    [-5, "UAH", "-0.05"],
    [0, "UAH", "0.00"],
    [100, "JPY", "100"],
    [1, "KWD", "0.001"],
    [123456n, "EUR", "1234.56"],
    ["123456", 840, "1234.56"],
  ] as const)("formats %p %s as %p", (minor, currency, expected) => {
    expect(fromMinorUnits(minor, currency)).toBe(expected)
  })

  it.each([1.5, NaN, "1.5", "abc", Number.MAX_SAFE_INTEGER + 1])("rejects %p", (minor) => {
    expect(() => fromMinorUnits(minor, "UAH")).toThrow(/not an integer/)
  })
})

describe("toInstallmentSum", () => {
  it("gives hryvnia with at most 2 decimals, never kopecks", () => {
    expect(toInstallmentSum(2499.99)).toBe(2499.99)
    expect(toInstallmentSum("2499.990")).toBe(2499.99)
    expect(toInstallmentSum({ value: "100.1", precision: 20 })).toBe(100.1)
    expect(toInstallmentSum(new FakeBigNumber({ value: "3000.0000000000000000", precision: 20 }))).toBe(3000)
    expect(toInstallmentSum(7n)).toBe(7)
  })

  it("rejects sub-kopeck precision, negatives and garbage", () => {
    expect(() => toInstallmentSum(1.005)).toThrow(/1\.005.*UAH/)
    expect(() => toInstallmentSum(-1)).toThrow(/negative/)
    expect(() => toInstallmentSum(NaN)).toThrow()
    expect(() => toInstallmentSum("10000000000000")).toThrow(/too large/)
  })
})

describe("currency codes", () => {
  it("maps alpha and numeric codes both ways", () => {
    expect(currencyNumericCode("uah")).toBe(980)
    expect(currencyNumericCode("UAH")).toBe(980)
    expect(currencyNumericCode("usd")).toBe(840)
    expect(currencyNumericCode("eur")).toBe(978)
    expect(currencyNumericCode("gbp")).toBe(826)
    expect(currencyNumericCode("pln")).toBe(985)
    expect(currencyAlphaCode(980)).toBe("UAH")
    expect(currencyAlphaCode(392)).toBe("JPY")
    expect(currencyExponent("jpy")).toBe(0)
    expect(currencyExponent(980)).toBe(2)
    for (const [alpha, { numeric }] of Object.entries(CURRENCIES)) {
      expect(currencyAlphaCode(currencyNumericCode(alpha))).toBe(alpha)
      expect(currencyNumericCode(currencyAlphaCode(numeric))).toBe(numeric)
    }
  })

  it("throws on unknown codes", () => {
    expect(() => currencyNumericCode("ABC")).toThrow(/unknown currency/)
    expect(() => currencyAlphaCode(1)).toThrow(/unknown currency/)
  })
})

describe("round trips (property-based)", () => {
  const currency = fc.constantFrom(...(Object.keys(CURRENCIES) as CurrencyAlphaCode[]))

  it("minor -> major string -> minor is the identity", () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), currency, (minor, code) => {
        const major = fromMinorUnits(minor, code)
        expect(toMinorUnits(major, code, { allowNegative: true })).toBe(minor)
      })
    )
  })

  it("a major amount with extra trailing zeros converts the same", () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), currency, fc.integer({ min: 1, max: 5 }), (minor, code, zeros) => {
        const major = fromMinorUnits(minor, code)
        const padded = currencyExponent(code) === 0 ? `${major}.${"0".repeat(zeros)}` : major + "0".repeat(zeros)
        expect(toMinorUnits(padded, code, { allowNegative: true })).toBe(minor)
      })
    )
  })

  it("installment sums keep every kopeck and print with at most 2 decimals", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 15 - 1 }), (kopecks) => {
        const sum = toInstallmentSum(fromMinorUnits(kopecks, "UAH"))
        expect(String(sum)).toMatch(/^\d+(\.\d{1,2})?$/)
        expect(JSON.parse(JSON.stringify({ sum })).sum).toBe(sum)
        expect(toMinorUnits(sum, "UAH")).toBe(kopecks)
      })
    )
  })

  it("a number with more decimals than the currency allows is always rejected", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), fc.integer({ min: 1, max: 9 }), (minor, digit) => {
        expect(() => toMinorUnits(`${fromMinorUnits(minor, "UAH")}${digit}`, "UAH")).toThrow(/decimal places/)
      })
    )
  })
})
