import { describeMonobankConfiguration } from "../monobank-configuration"

const fulfillment = {
  resolve: "@medusajs/medusa/fulfillment",
  options: { providers: [{ resolve: "medusa-payment-monobank/providers/monobank-checkout", id: "monobank-checkout" }] },
}
const payment = {
  resolve: "@medusajs/medusa/payment",
  options: {
    providers: [
      { resolve: "medusa-payment-monobank/providers/monobank", id: "monobank", options: { token: "t", baseUrl: "http://127.0.0.1:9797" } },
      { resolve: "medusa-payment-monobank/providers/monobank-on-delivery", id: "monobank-on-delivery" },
    ],
  },
}

describe("the admin's monobank configuration report", () => {
  it("counts mono checkout as configured only with the plugin's checkout options and the fulfillment provider", () => {
    const both = describeMonobankConfiguration({ modules: [payment, fulfillment] }, { configured: true })
    expect(both.checkout).toEqual({
      configured: true,
      providers: [
        { id: "pp_monobank-on-delivery_monobank-on-delivery", module: "payment", baseUrl: null, credentialsPresent: true },
        { id: "monobank-checkout_monobank-checkout", module: "fulfillment", baseUrl: null, credentialsPresent: true },
      ],
    })
    expect(both.acquiring).toMatchObject({ configured: true, providers: [{ id: "pp_monobank_monobank", baseUrl: "http://127.0.0.1:9797" }] })

    expect(describeMonobankConfiguration({ modules: [payment, fulfillment] }, { configured: false }).checkout.configured).toBe(false)
    expect(describeMonobankConfiguration({ modules: [payment] }, { configured: true }).checkout.configured).toBe(false)
  })
})
