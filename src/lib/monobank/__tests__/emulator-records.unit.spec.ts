/**
 * The emulator's own records, webhooks and callbacks parse with the library's schemas, including
 * the real-world shapes it now models: a monopay wallet payment, whole-second dates, a checkout
 * callback with a comment and no address, signed with the checkout API's key.
 */
import { TEST_CARDS } from "../../../../emulator"
import { AcquiringClient } from "../acquiring/client"
import { createCheckoutCallbackVerifier } from "../checkout/callback-signature"
import { CheckoutClient } from "../checkout/client"
import { checkoutOrderRecordSchema, invoiceStatusRecordSchema } from "../index"
import { startReceiver, tokenOptions, useEmulator } from "./emulator-fixture"

const bank = useEmulator(
  { port: 0, webhookRetryDelayMs: 0 },
  async (emulator) => ({
    acquiring: new AcquiringClient(tokenOptions(emulator)),
    checkout: new CheckoutClient(tokenOptions(emulator)),
    receiver: await startReceiver(),
  }),
  { resetBeforeEach: false }
)

async function received(match: (body: string) => boolean) {
  for (let i = 0; i < 200; i++) {
    const hit = bank.receiver.requests.find((r) => match(r.body.toString()))
    if (hit) return hit
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error("nothing received")
}

describe("emulator records parse with the library's schemas", () => {
  it("a monopay wallet payment: no maskedPan, paymentSystem \"\", payMethod, whole-second dates", async () => {
    const { invoiceId } = await bank.acquiring.createInvoice({ amount: 25000, webHookUrl: `${bank.receiver.url}/hook` })
    await bank.emulator.control.payInvoice(invoiceId, { pan: TEST_CARDS.monopay })
    const hook = await received((body) => body.includes(invoiceId) && body.includes('"success"'))
    const raw = JSON.parse(hook.body.toString())
    expect(raw.payMethod).toBe("monopay")
    expect(raw.paymentInfo).toMatchObject({ paymentSystem: "", paymentMethod: "monopay" })
    expect(raw.paymentInfo.maskedPan).toBeUndefined()
    expect(raw.modifiedDate).toMatch(/T\d\d:\d\d:\d\dZ$/)

    expect(invoiceStatusRecordSchema.parse(raw)).toMatchObject({ status: "success", amount: 25000 })
    await expect(bank.acquiring.getInvoiceStatus(invoiceId)).resolves.toMatchObject({
      status: "success",
      paymentInfo: { paymentMethod: "monopay" },
    })
  })

  it("a signed checkout callback with a comment and no address: verified with the checkout key, parsed", async () => {
    const { order_id } = await bank.checkout.createOrder({
      order_ref: "cart_sig",
      amount: 100,
      count: 1,
      products: [{ name: "Mug", cnt: 1, price: 100 }],
      dlv_method_list: ["pickup"],
      payment_method_list: ["card"],
      callback_url: `${bank.receiver.url}/checkout-callback`,
    })
    await bank.emulator.control.completeCheckout(order_id, {
      delivery_method: "pickup",
      payment_method: "card",
      comment: "Call before delivery",
    })
    const callback = await received((body) => body.includes(order_id))
    let keyFetches = 0
    const verifier = createCheckoutCallbackVerifier({
      fetchPublicKey: async () => {
        keyFetches += 1
        return (await bank.checkout.getPublicKey()).key
      },
    })
    const xSign = String(callback.headers["x-sign"])
    expect(await verifier.check(callback.body, xSign)).toBe("verified")
    const tampered = Buffer.concat([callback.body, Buffer.from(" ")])
    // Just fetched: the key may not be refetched yet, so a failing signature cannot be called forged.
    expect(await verifier.check(tampered, xSign)).toBe("unverifiable")
    expect(await verifier.check(callback.body, undefined)).toBe("unsigned")
    expect(keyFetches).toBe(1)
    const refetching = createCheckoutCallbackVerifier({
      fetchPublicKey: async () => (await bank.checkout.getPublicKey()).key,
      minRefreshIntervalMs: 0,
    })
    expect(await refetching.check(tampered, xSign)).toBe("invalid")

    const record = checkoutOrderRecordSchema.parse(JSON.parse(callback.body.toString()))
    expect(record).toMatchObject({ orderId: order_id, comment: "Call before delivery", generalStatus: "success" })
    expect(record.deliveryAddressInfo).toBeUndefined()
  })

  it("the acquiring key does not verify checkout callbacks (they are two keys)", async () => {
    const callback = bank.receiver.requests.find((r) => r.url === "/checkout-callback")!
    const verifier = createCheckoutCallbackVerifier({
      fetchPublicKey: async () => (await bank.acquiring.getPublicKey()).key,
      minRefreshIntervalMs: 0,
    })
    expect(await verifier.check(callback.body, String(callback.headers["x-sign"]))).toBe("invalid")
  })
})
