import { installmentCartContext } from "../cart-context"
import { toInstallmentProducts } from "../products"

describe("installmentCartContext", () => {
  const cart = {
    billing_address: { phone: "+380 50 123 45 64" },
    items: [
      { title: "Вишиванка", product_title: "Вишиванка", variant_title: "M", quantity: 2, total: 2469.12 },
      { title: "Пояс", product_title: "Пояс", variant_title: "Default variant", quantity: 1, total: 0 },
    ],
    shipping_methods: [
      { name: "Courier", total: 70 },
      { name: "Free pickup", total: 0 },
    ],
  }

  it("lists items with their line totals and paid shipping, and the billing phone", () => {
    expect(installmentCartContext(cart)).toEqual({
      cart_lines: [
        { name: "Вишиванка (M)", quantity: 2, total: 2469.12 },
        { name: "Пояс", quantity: 1, total: 0 },
        { name: "Доставка: Courier", quantity: 1, total: 70 },
      ],
      cart_billing_phone: "+380 50 123 45 64",
    })
  })

  it("yields products that add up to the cart total", () => {
    const { cart_lines } = installmentCartContext(cart)
    expect(toInstallmentProducts(cart_lines!, 253912n)).toEqual([
      { name: "Вишиванка (M)", count: 2, sum: 1234.56 },
      { name: "Доставка: Courier", count: 1, sum: 70 },
    ])
  })

  it("gives no lines when an item total is unknown, and nothing for no cart", () => {
    expect(installmentCartContext({ items: [{ title: "A", quantity: 1 }] }).cart_lines).toBeUndefined()
    expect(installmentCartContext(undefined)).toEqual({ cart_lines: undefined, cart_billing_phone: undefined })
  })
})
