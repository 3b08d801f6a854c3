import { bankOrderRef, cartIdOfOrderRef } from "../order-ref"

describe("the order_ref of each create attempt", () => {
  it("is the cart id first, then a fresh one per attempt, each leading back to the cart", () => {
    const cartId = "cart_01JABCDEF0123456789XYZ12"
    const refs = [1, 2, 3, 12].map((attempt) => bankOrderRef(cartId, attempt))
    expect(refs).toEqual([cartId, `${cartId}-2`, `${cartId}-3`, `${cartId}-12`])
    expect(new Set(refs).size).toBe(refs.length)
    expect(refs.map(cartIdOfOrderRef)).toEqual([cartId, cartId, cartId, cartId])
  })
})
