/**
 * The read every mono checkout callback and status request makes: our client (zod validation of
 * the extended order record, retry bookkeeping, error mapping) against a bare undici GET of the
 * same record from the emulator.
 */
import { startEmulator } from "../emulator"
import { CheckoutClient } from "../src/lib/monobank"
import { compareWithRawGet } from "./raw-get-baseline"

export async function run() {
  const emulator = await startEmulator({ port: 0 })
  const client = new CheckoutClient({ token: emulator.acquiringToken, baseUrl: emulator.url })
  try {
    const { order_id } = await client.createOrder({
      order_ref: "cart_bench",
      amount: 2469.12,
      count: 2,
      products: [{ name: "Вишиванка", cnt: 2, price: 1234.56 }],
      payment_method_list: ["card"],
    })
    await emulator.control.completeCheckout(order_id, {
      delivery_method: "np_brnm",
      payment_method: "card",
      delivery: { branch_id: "25", branch_address: "Київ, відділення №25", cityName: "Київ" },
    })
    return await compareWithRawGet(
      "GET checkout order (paid, extended record) against the emulator",
      { url: emulator.url, token: emulator.acquiringToken, path: `/personal/checkout/order/${encodeURIComponent(order_id)}` },
      { name: "CheckoutClient.getOrder", fn: () => client.getOrder(order_id) }
    )
  } finally {
    await client.close()
    await emulator.close()
  }
}
