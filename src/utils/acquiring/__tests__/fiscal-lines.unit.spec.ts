import { fiscalLinesFor, type FiscalSourceLine } from "../fiscal-lines"

const vyshyvanka: FiscalSourceLine = { name: "Вишиванка", code: "VYSH-M", qty: 2, total: 246_912 }
const towels: FiscalSourceLine = { name: "Рушник", code: "TOWEL", qty: 3, total: 10_000 }
const delivery: FiscalSourceLine = { name: "Доставка", code: "so_1", qty: 1, total: 7000 }
const basket = [vyshyvanka, towels, delivery]
const basketTotal = 263_912

type Line = { qty: number; sum: number; code: string }
const totalOf = (lines: Line[]) => lines.reduce((sum, line) => sum + line.qty * line.sum, 0)
const byCode = (lines: Line[], code: string) => lines.filter((line) => line.code === code)

describe("fiscalLinesFor", () => {
  it("gives back the whole basket on a full refund, splitting the line whose total does not divide by its quantity", () => {
    const lines = fiscalLinesFor(basket, basketTotal)!
    expect(totalOf(lines)).toBe(basketTotal)
    expect(lines).toEqual([
      { name: "Вишиванка", code: "VYSH-M", qty: 2, sum: 123_456 },
      { name: "Рушник", code: "TOWEL", qty: 1, sum: 3334 },
      { name: "Рушник", code: "TOWEL", qty: 2, sum: 3333 },
      { name: "Доставка", code: "so_1", qty: 1, sum: 7000 },
    ])
  })

  it("keeps quantity 3 across its two lines when a total of 100 kopecks is not divisible by 3", () => {
    const lines = fiscalLinesFor([{ name: "Гудзик", code: "B", qty: 3, total: 100 }], 100)!
    expect(lines).toEqual([
      { name: "Гудзик", code: "B", qty: 1, sum: 34 },
      { name: "Гудзик", code: "B", qty: 2, sum: 33 },
    ])
    expect(lines.reduce((qty, line) => qty + line.qty, 0)).toBe(3)
  })

  it("prorates an amount that does not divide evenly so that the lines add up exactly, each share within a kopeck", () => {
    for (const amount of [100_001, 99_999, 1234, 263_911, 7]) {
      const lines = fiscalLinesFor(basket, amount)!
      expect(totalOf(lines)).toBe(amount)
      for (const line of basket) {
        const exact = (line.total * amount) / basketTotal
        expect(Math.abs(totalOf(byCode(lines, line.code)) - exact)).toBeLessThan(1)
      }
      for (const line of lines) expect(Number.isInteger(line.sum) && Number.isInteger(line.qty) && line.sum > 0).toBe(true)
    }
  })

  it("refunds 1 kopeck as one line of the largest share", () => {
    expect(fiscalLinesFor(basket, 1)).toEqual([{ name: "Вишиванка", code: "VYSH-M", qty: 1, sum: 1 }])
  })

  it("gives a share smaller than the quantity to fewer units at 1 kopeck rather than a zero price", () => {
    expect(fiscalLinesFor([{ name: "Цвях", code: "N", qty: 5, total: 500 }], 3)).toEqual([{ name: "Цвях", code: "N", qty: 3, sum: 1 }])
  })

  it("breaks ties of equal remainders toward the earlier line", () => {
    const twins = [
      { name: "A", code: "A", qty: 1, total: 100 },
      { name: "B", code: "B", qty: 1, total: 100 },
    ]
    expect(fiscalLinesFor(twins, 51)).toEqual([
      { name: "A", code: "A", qty: 1, sum: 26 },
      { name: "B", code: "B", qty: 1, sum: 25 },
    ])
  })

  it("sends a fractional quantity as one unit at its share, and carries tax codes and UKTZED", () => {
    const cheese = { name: "Сир", code: "CH", qty: 0.35, total: 9999, tax: [1], uktzed: "0406" }
    expect(fiscalLinesFor([cheese], 5000)).toEqual([{ name: "Сир", code: "CH", qty: 1, sum: 5000, tax: [1], uktzed: "0406" }])
  })

  it("stays exact beyond Number's precision for the intermediate products", () => {
    const big = [
      { name: "A", code: "A", qty: 7, total: 900_719_925_474 },
      { name: "B", code: "B", qty: 3, total: 100_000_000_001 },
    ]
    const amount = 777_777_777_777
    expect(totalOf(fiscalLinesFor(big, amount)!)).toBe(amount)
  })

  it("gives nothing for an amount above the basket, zero, negative or not whole kopecks", () => {
    for (const amount of [basketTotal + 1, 0, -5, 10.5]) expect(fiscalLinesFor(basket, amount)).toBeUndefined()
    expect(fiscalLinesFor([], 100)).toBeUndefined()
  })
})
