import fc from "fast-check"
import { toHryvnia, toKopecks } from "../../../utils/installments/amounts"
import { readCartLines, toInstallmentProducts, wholeOrderProduct } from "../products"

const kopecksOf = (products: { count: number; sum: number }[]) =>
  products.reduce((total, p) => total + BigInt(p.count) * toKopecks(p.sum), 0n)

describe("amounts", () => {
  it("reads every Medusa amount shape and rounds half-up to kopecks", () => {
    expect(toKopecks(1234.56)).toBe(123456n)
    expect(toKopecks("1234.565")).toBe(123457n)
    expect(toKopecks({ value: "100.1", precision: 20 } as any)).toBe(10010n)
    expect(toHryvnia(123456n)).toBe(1234.56)
    expect(toHryvnia(5n)).toBe(0.05)
    expect(() => toKopecks("abc")).toThrow(/amount abc is not a valid amount/)
  })
})

describe("toInstallmentProducts", () => {
  it("keeps one product per line when line totals finer than kopecks round to one kopeck more than the order", () => {
    const lines = [
      { name: "Сорочка", quantity: 1, total: "90.045" },
      { name: "Шарф", quantity: 1, total: "90.045" },
    ]
    expect(toInstallmentProducts(lines, 18009n)).toEqual([
      { name: "Сорочка", count: 1, sum: 90.05 },
      { name: "Шарф", count: 1, sum: 90.04 },
    ])
  })

  it("sends unit prices, not line totals", () => {
    const products = toInstallmentProducts([{ name: "Вишиванка", quantity: 2, total: 2469.12 }], 246912n)
    expect(products).toEqual([{ name: "Вишиванка", count: 2, sum: 1234.56 }])
  })

  it("splits a line whose total does not divide by the quantity", () => {
    const products = toInstallmentProducts([{ name: "Ґудзик", quantity: 3, total: "100" }], 10000n)
    expect(products).toEqual([
      { name: "Ґудзик", count: 2, sum: 33.33 },
      { name: "Ґудзик", count: 1, sum: 33.34 },
    ])
  })

  it("adds up to the order sum exactly for any lines", () => {
    const line = fc.record({
      name: fc.string({ maxLength: 20 }),
      quantity: fc.integer({ min: 1, max: 50 }),
      total: fc.integer({ min: 0, max: 10_000_000 }).map((k) => (k / 100).toFixed(2)),
    })
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), (lines) => {
        const total = lines.reduce((sum, l) => sum + toKopecks(l.total), 0n)
        const products = toInstallmentProducts(lines, total)
        if (total === 0n) return expect(products).toBeUndefined()
        expect(products).toBeDefined()
        expect(kopecksOf(products!)).toBe(total)
        for (const p of products!) {
          expect(p.sum).toBeGreaterThanOrEqual(0.01)
          expect(Number.isInteger(p.count) && p.count >= 1).toBe(true)
          expect(String(p.sum)).toMatch(/^\d+(\.\d{1,2})?$/)
        }
      })
    )
  })

  it("gives up when the lines do not add up to the order (gift card, store credit)", () => {
    expect(toInstallmentProducts([{ name: "A", quantity: 1, total: 100 }], 9000n)).toBeUndefined()
    expect(wholeOrderProduct(9000n, "payses_1")).toEqual([{ name: "Замовлення payses_1", count: 1, sum: 90 }])
  })

  it("reads only well-formed cart lines from session data", () => {
    expect(readCartLines([{ name: "A", quantity: 1, total: "10" }])).toEqual([{ name: "A", quantity: 1, total: "10" }])
    expect(readCartLines([{ name: "A", quantity: 1 }])).toBeUndefined()
    expect(readCartLines("lines")).toBeUndefined()
    expect(readCartLines([])).toBeUndefined()
  })
})
