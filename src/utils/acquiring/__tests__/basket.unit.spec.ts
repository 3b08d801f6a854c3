import { basketLinesFromCart, buildBasketOrder, readBasketLines } from "../basket"

const cart = {
  items: [
    { product_title: "Вишиванка", variant_title: "M", variant_sku: "VYSH-M", quantity: 2, total: "2469.12" },
    { title: "Рушник", product_title: "Рушник", variant_title: "Default variant", variant_id: "variant_1", quantity: 3, total: 100 },
  ],
  shipping_methods: [
    { name: "Courier", shipping_option_id: "so_1", total: 70 },
    { name: "Free pickup", shipping_option_id: "so_2", total: 0 },
  ],
}

describe("fiscal basket", () => {
  it("turns cart lines and paid shipping into receipt lines with a product code", () => {
    expect(basketLinesFromCart(cart)).toEqual([
      { name: "Вишиванка (M)", code: "VYSH-M", quantity: 2, total: "2469.12" },
      { name: "Рушник", code: "variant_1", quantity: 3, total: "100" },
      { name: "Доставка: Courier", code: "so_1", quantity: 1, total: "70" },
    ])
  })

  it("gives up on a cart whose lines miss totals or codes", () => {
    expect(basketLinesFromCart({ items: [{ product_title: "x", quantity: 1, total: 1 }] })).toBeUndefined()
    expect(basketLinesFromCart({ items: [] })).toBeUndefined()
  })

  it("builds the bank's basketOrder in kopecks: unit price in sum, exact line total in total", () => {
    const lines = basketLinesFromCart(cart)!
    expect(buildBasketOrder(lines, 263_912, 980)).toEqual([
      { name: "Вишиванка (M)", qty: 2, sum: 123_456, total: 246_912, code: "VYSH-M" },
      // 100.00 UAH for 3 does not divide into whole kopecks: 1 at 33.34 and 2 at 33.33.
      { name: "Рушник", qty: 1, sum: 3334, total: 3334, code: "variant_1" },
      { name: "Рушник", qty: 2, sum: 3333, total: 6666, code: "variant_1" },
      { name: "Доставка: Courier", qty: 1, sum: 7000, total: 7000, code: "so_1" },
    ])
  })

  it("gives every line a unit price that times its quantity is exactly its total, as the cash register prints it", () => {
    const lines = [
      { name: "Ґудзики", code: "g", quantity: 7, total: "10.01", tax: [1] },
      { name: "Нитки", code: "n", quantity: 3, total: "10.00" },
      { name: "Голки", code: "h", quantity: 4, total: "12" },
    ]
    const basket = buildBasketOrder(lines, 3201, 980)!
    for (const line of basket) expect(line.sum * line.qty).toBe(line.total)
    expect(basket.reduce((sum, line) => sum + line.total, 0)).toBe(3201)
    expect(basket.filter((line) => line.code === "g")).toEqual([
      { name: "Ґудзики", qty: 7, sum: 143, total: 1001, code: "g", tax: [1] },
    ])
    expect(basket.filter((line) => line.code === "n").map((line) => [line.qty, line.sum])).toEqual([[1, 334], [2, 333]])
    expect(basket.filter((line) => line.code === "h")).toEqual([{ name: "Голки", qty: 4, sum: 300, total: 1200, code: "h" }])
  })

  it("splits a line that does not divide by its quantity into two lines of the same goods", () => {
    const basket = buildBasketOrder([{ name: "Чай", code: "t", quantity: 3, total: "10.00", tax: [2] }], 1000, 980)!
    expect(basket).toEqual([
      { name: "Чай", qty: 1, sum: 334, total: 334, code: "t", tax: [2] },
      { name: "Чай", qty: 2, sum: 333, total: 666, code: "t", tax: [2] },
    ])
  })

  it("is not sent when the lines do not add up to the invoice amount", () => {
    expect(buildBasketOrder(basketLinesFromCart(cart)!, 263_900, 980)).toBeUndefined()
  })

  it("rounds line totals finer than kopecks so that they add up to the charged amount, instead of throwing", () => {
    const lines = [
      { name: "Сорочка", code: "s", quantity: 1, total: "90.045" },
      { name: "Шарф", code: "h", quantity: 1, total: 90.045 },
      { name: "Рушник", code: "r", quantity: 1, total: "89.991" },
    ]
    expect(buildBasketOrder(lines, 27_008, 980)?.map((item) => item.total)).toEqual([9005, 9004, 8999])
    expect(buildBasketOrder(lines, 27_009, 980)).toBeUndefined()
    expect(buildBasketOrder([{ name: "x", code: "c", quantity: 1, total: "1,5" }], 150, 980)).toBeUndefined()
  })

  it("reads only well-formed lines from session data", () => {
    expect(readBasketLines([{ name: "x", code: "c", quantity: 1, total: "1.00" }])).toHaveLength(1)
    expect(readBasketLines([{ name: "x", quantity: 1, total: 1 }])).toBeUndefined()
    expect(readBasketLines("nope")).toBeUndefined()
  })
})

describe("tax codes of a receipt line", () => {
  const item = (variant: unknown, product: unknown) => ({
    product_title: "Сир",
    variant_sku: "CH",
    quantity: 1,
    total: 10,
    variant: { metadata: { monobank_tax: variant } },
    product: { metadata: { monobank_tax: product } },
  })
  const taxOf = (variant: unknown, product: unknown) => basketLinesFromCart({ items: [item(variant, product)] })![0].tax

  it("are read from the variant's metadata, else the product's, as a number, a list or text", () => {
    expect(taxOf(undefined, 3)).toEqual([3])
    expect(taxOf([1, 2], 3)).toEqual([1, 2])
    expect(taxOf("1, 2", undefined)).toEqual([1, 2])
  })

  it("are left out when unreadable, and go into the bank's basket line when set", () => {
    expect(taxOf("ПДВ", undefined)).toBeUndefined()
    expect(taxOf(undefined, undefined)).toBeUndefined()
    const lines = basketLinesFromCart({ items: [item(undefined, "7")] })!
    expect(buildBasketOrder(lines, 1000, 980)).toEqual([{ name: "Сир", qty: 1, sum: 1000, total: 1000, code: "CH", tax: [7] }])
  })
})
