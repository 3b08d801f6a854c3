import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { DAY_MS } from "../../constants"
import { startEmulator, type RunningEmulator } from "../../start"
import { acquiring, page } from "../../__tests__/helpers/api"
import { startReceiver, type Receiver } from "../../__tests__/helpers/receiver"
import { verifyXSign } from "../../__tests__/helpers/signatures"

let emulator: RunningEmulator
let api: ReturnType<typeof acquiring>
let receiver: Receiver

beforeAll(async () => {
  emulator = await startEmulator({ webhookRetryDelayMs: 10 })
  api = acquiring(emulator)
})
afterAll(() => emulator.close())
beforeEach(async () => {
  await emulator.control.reset()
  receiver = await startReceiver()
})
afterEach(() => receiver.close())

let sequence = 0
function orderBody(overrides: Record<string, unknown> = {}) {
  return {
    order_ref: `basket-${++sequence}`,
    amount: 1500.5,
    ccy: 980,
    count: 2,
    products: [
      { name: "Чашка", cnt: 1, price: 500.5, code_product: 1 },
      { name: "Тарілка", cnt: 1, price: 1000, code_product: 2 },
    ],
    dlv_method_list: ["pickup", "np_brnm", "courier"],
    payment_method_list: ["card", "payment_on_delivery", "part_purchase"],
    payments_number: 4,
    callback_url: `${receiver.url}/checkout-callback`,
    return_url: "https://shop.example/after-checkout",
    ...overrides,
  }
}

async function createOrder(overrides: Record<string, unknown> = {}) {
  const response = await api.post("/personal/checkout/order", orderBody(overrides))
  expect(response.status).toBe(200)
  return response.json.result as { order_id: string; redirect_url: string }
}
const getOrder = async (orderId: string) => (await api.get(`/personal/checkout/order/${orderId}`)).json.result

describe("checkout API", () => {
  it("needs the X-Token and validates the body, naming the field", async () => {
    expect((await acquiring(emulator, "bad").post("/personal/checkout/order", orderBody())).status).toBe(403)
    const noParts = await api.post("/personal/checkout/order", orderBody({ payments_number: 2 }))
    expect(noParts).toMatchObject({ status: 400, json: { errCode: "BAD_REQUEST", errText: expect.stringContaining("payments_number") } })
    const kopecks = await api.post("/personal/checkout/order", orderBody({ products: [{ name: "x", cnt: 1, price: 10.123 }] }))
    expect(kopecks.json.errText).toContain("products.0.price")
    const method = await api.post("/personal/checkout/order", orderBody({ dlv_method_list: ["drone"] }))
    expect(method.json.errText).toContain("dlv_method_list.0")
  })

  it("creates an order with a redirect_url to the checkout page, and refuses a repeated order_ref as the bank does", async () => {
    const body = orderBody()
    const first = await api.post("/personal/checkout/order", body)
    expect(first.json.result.redirect_url).toBe(`${emulator.url}/checkout/${first.json.result.order_id}`)
    const again = await api.post("/personal/checkout/order", body)
    expect(again).toMatchObject({ status: 400, json: { errCode: "BAD_REQUEST", errText: expect.stringContaining("order_ref") } })
    expect((await api.post("/personal/checkout/order", { ...body, order_ref: `${body.order_ref}.2` })).status).toBe(200)
  })

  it("reports a new order as not authorized, amounts in hryvnia", async () => {
    const { order_id } = await createOrder()
    expect(await getOrder(order_id)).toMatchObject({
      orderId: order_id,
      basket_id: expect.stringMatching(/^basket-/),
      dateCreate: expect.stringMatching(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/),
      generalStatus: "not_authorized",
      amount: 1500.5,
      quantity: 2,
      mainClientInfo: null,
      products: [expect.objectContaining({ price: 500.5 }), expect.objectContaining({ price: 1000 })],
    })
    expect((await api.get("/personal/checkout/order/unknown")).status).toBe(404)
  })
})

describe("checkout page", () => {
  const shopper = {
    delivery_method: "np_brnm",
    payment_method: "card",
    first_name: "Олена",
    last_name: "Коваль",
    phoneNumber: "+380671112233",
    email: "olena@example.com",
    cityName: "Київ",
    areaName: "Київська",
    branch_id: "12",
    branch_address: "вул. Хрещатик, 1",
    pan: "4242424242424242",
    exp: "12/30",
    cvv: "123",
  }

  it("offers only the order's delivery and payment methods", async () => {
    const { redirect_url } = await createOrder({ dlv_method_list: ["pickup"], payment_method_list: ["card"], payments_number: undefined })
    const html = await (await fetch(redirect_url)).text()
    expect(html).toContain('value="pickup"')
    expect(html).not.toContain('value="courier"')
    expect(html).not.toContain('value="part_purchase"')
  })

  it("completes on a form POST: card payment, callback to callback_url, full record afterwards", async () => {
    const { order_id } = await createOrder()
    const response = await page(emulator).postForm(`/checkout/${order_id}`, shopper)
    expect(response.status).toBe(303)
    expect(response.headers.get("location")).toBe("https://shop.example/after-checkout")
    const record = await getOrder(order_id)
    expect(record).toMatchObject({
      generalStatus: "success",
      payment_status: "success",
      payment_method: "card",
      delivery_method: "np_brnm",
      delivery_branch_id: "12",
      delivery_branch_address: "вул. Хрещатик, 1",
      mainClientInfo: { first_name: "Олена", last_name: "Коваль", phoneNumber: "+380671112233", email: "olena@example.com" },
      deliveryRecipientInfo: { first_name: "Олена", last_name: "Коваль", phoneNumber: "+380671112233" },
      deliveryAddressInfo: { cityName: "Київ", cityRef: expect.any(String), cityType: expect.any(String), areaName: "Київська", areaRef: expect.any(String) },
      paymentDateCreate: expect.any(String),
    })
    const [callback] = await receiver.waitFor(1)
    // signed like acquiring webhooks, with the checkout API's own key
    const checkoutKey = (await api.get("/personal/checkout/signature/public/key")).json.key
    const acquiringKey = (await api.get("/api/merchant/pubkey")).json.key
    expect(verifyXSign(callback.body, String(callback.headers["x-sign"]), checkoutKey)).toBe(true)
    expect(verifyXSign(callback.body, String(callback.headers["x-sign"]), acquiringKey)).toBe(false)
    expect(JSON.parse(callback.body)).toMatchObject({ orderId: order_id, generalStatus: "success", delivery_method: "np_brnm" })
    expect((await page(emulator).postForm(`/checkout/${order_id}`, shopper)).status).toBe(409)
  })

  it("re-shows the form with 400 when a branch delivery has no branch", async () => {
    const { order_id } = await createOrder()
    const response = await page(emulator).postForm(`/checkout/${order_id}`, { ...shopper, branch_id: "" })
    expect(response.status).toBe(400)
    expect(response.text).toContain("delivery.branch_id")
    expect((await getOrder(order_id)).generalStatus).toBe("not_authorized")
  })

  it("holds a card payment when asked and fails it after 10 days", async () => {
    const { order_id } = await createOrder({ hold: true })
    await page(emulator).postForm(`/checkout/${order_id}`, shopper)
    expect(await getOrder(order_id)).toMatchObject({ generalStatus: "in_process", payment_status: "hold" })
    await emulator.control.advanceClock(10 * DAY_MS)
    expect(await getOrder(order_id)).toMatchObject({ generalStatus: "fail", payment_status: "reversed" })
    await receiver.waitFor(2)
  })

  it("charges a held card payment when finalized in the cabinet, and keeps it charged past the hold's 10 days", async () => {
    const { order_id } = await createOrder({ hold: true })
    await emulator.control.completeCheckout(order_id, { delivery_method: "pickup", payment_method: "card" })
    await emulator.control.finalizeCheckoutHold(order_id)
    expect(await getOrder(order_id)).toMatchObject({ generalStatus: "success", payment_status: "success" })
    await emulator.control.advanceClock(10 * DAY_MS)
    expect(await getOrder(order_id)).toMatchObject({ generalStatus: "success", payment_status: "success" })
    await expect(emulator.control.finalizeCheckoutHold(order_id)).rejects.toThrow(/409|not held/)
    await receiver.waitFor(2)
  })
})

describe("checkout through control", () => {
  it.each([
    ["payment_on_delivery", "payment_on_delivery", "accepted"],
    ["part_purchase", "success", "approved"],
  ])("completes with %s", async (payment_method, generalStatus, payment_status) => {
    const { order_id } = await createOrder()
    const state = await emulator.control.completeCheckout(order_id, {
      delivery_method: "courier",
      payment_method: payment_method as "payment_on_delivery",
      delivery: { address: "вул. Сумська, 10", cityName: "Харків" },
    })
    expect(state.record).toMatchObject({ generalStatus, payment_status, payments_number: 4, delivery_branch_address: "вул. Сумська, 10" })
    await receiver.waitFor(1)
  })

  it("refuses a payment method the order does not offer", async () => {
    const { order_id } = await createOrder({ payment_method_list: ["card"], payments_number: undefined })
    await expect(
      emulator.control.completeCheckout(order_id, { delivery_method: "pickup", payment_method: "part_purchase" })
    ).rejects.toMatchObject({ status: 400 })
  })
})

describe("delivery prices asked from the store", () => {
  type Asked = { orderRef: string; phoneNumber?: string; methods: string[]; city?: string; address?: string }
  let store: Server
  let asked: Asked[]
  let answer: (body: Asked) => { status: number; body?: unknown }

  beforeEach(async () => {
    asked = []
    answer = (body) => ({ status: 200, body: { deliveryPriceList: body.methods.map((method) => ({ method, price: method === "courier" ? 120 : 60 })) } })
    store = createServer((req, res) => {
      let text = ""
      req.on("data", (chunk) => (text += chunk))
      req.on("end", () => {
        const body = JSON.parse(text) as Asked
        asked.push(body)
        const { status, body: reply } = answer(body)
        res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(reply ?? {}))
      })
    })
    await new Promise<void>((resolve) => store.listen(0, "127.0.0.1", resolve))
    await emulator.control.setCheckoutDeliveryPriceUrl(`http://127.0.0.1:${(store.address() as AddressInfo).port}/prices`)
  })
  afterEach(() => new Promise<void>((resolve) => store.close(() => resolve())))

  it("shows the store's price beside each method and collects the goods plus the chosen delivery", async () => {
    const { order_id, redirect_url } = await createOrder()
    const html = await (await fetch(redirect_url)).text()
    expect(html).toContain('data-testid="delivery-price-courier">+ 120 UAH')
    expect(html).toContain('data-testid="delivery-price-np_brnm">+ 60 UAH')

    const completion = {
      delivery_method: "np_brnm",
      payment_method: "card",
      client: { first_name: "Тарас", last_name: "Шевченко", phoneNumber: "+380501112233" },
      delivery: { branch_id: "5", branch_address: "Харків, вул. Сумська, 10", cityName: "Харків" },
    } as const
    const askedBefore = asked.length
    const state = await emulator.control.completeCheckout(order_id, completion)
    // The shopper pays the price the page showed: the store is not asked again.
    expect(asked.length).toBe(askedBefore)
    expect(state.record.amount).toBe(1560.5)
    expect((await getOrder(order_id)).amount).toBe(1560.5)

    // A page that showed no price asks at completion, with the shopper's address.
    const unseen = await createOrder()
    expect((await emulator.control.completeCheckout(unseen.order_id, completion)).record.amount).toBe(1560.5)
    expect(asked.at(-1)).toEqual({ orderRef: expect.stringMatching(/^basket-/), phoneNumber: "+380501112233", methods: ["np_brnm"], city: "Харків", address: "Харків, вул. Сумська, 10" })
  })

  it("does not take the order when the store gives no price, and asks nothing when the store pays delivery", async () => {
    answer = () => ({ status: 503 })
    const { order_id } = await createOrder()
    await expect(emulator.control.completeCheckout(order_id, { delivery_method: "pickup", payment_method: "payment_on_delivery" })).rejects.toMatchObject({ status: 400 })
    expect((await getOrder(order_id)).generalStatus).toBe("not_authorized")

    asked = []
    const merchantPays = await createOrder({ dlv_pay_merchant: true })
    const state = await emulator.control.completeCheckout(merchantPays.order_id, { delivery_method: "pickup", payment_method: "payment_on_delivery" })
    expect(asked).toEqual([])
    expect(state.record.amount).toBe(1500.5)
  })
})

describe("promo codes asked from the store", () => {
  let store: Server
  let asked: URLSearchParams[]

  beforeEach(async () => {
    asked = []
    store = createServer((req, res) => {
      const query = new URL(req.url ?? "/", "http://store").searchParams
      asked.push(query)
      const code = query.get("promo_code")
      const body =
        code === "SPRING10"
          ? { success: true, code: 200, data: { total_amount: 1350.45, promo_codes: [{ promo_code: "SPRING10", discount_amount: 150.05 }] } }
          : { success: false, code: 404, message: `${code} is not a valid promo code for this order` }
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body))
    })
    await new Promise<void>((resolve) => store.listen(0, "127.0.0.1", resolve))
    await emulator.control.setCheckoutPromoCodeUrl(`http://127.0.0.1:${(store.address() as AddressInfo).port}/promo`)
  })
  afterEach(() => new Promise<void>((resolve) => store.close(() => resolve())))

  async function applyOnPage(redirectUrl: string, code: string) {
    const res = await fetch(redirectUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "apply_promo", promo_code: code, phoneNumber: "+380501112233" }).toString(),
    })
    return { status: res.status, html: await res.text() }
  }

  it("offers a promo field; an accepted code is taken off what the shopper pays, a refused one shows the store's reason", async () => {
    const { order_id, redirect_url } = await createOrder()
    expect(await (await fetch(redirect_url)).text()).toContain('name="promo_code"')

    const refused = await applyOnPage(redirect_url, "NOPE")
    expect(refused.status).toBe(400)
    expect(refused.html).toContain("NOPE is not a valid promo code for this order")

    const applied = await applyOnPage(redirect_url, "SPRING10")
    expect(applied.html).toContain("Promo code SPRING10: −150.05 UAH")
    expect(Object.fromEntries(asked.at(-1)!)).toEqual({ basket_id: expect.stringMatching(/^basket-/), promo_code: "SPRING10", phone_number: "+380501112233" })

    const state = await emulator.control.completeCheckout(order_id, { delivery_method: "pickup", payment_method: "payment_on_delivery", promo_code: "SPRING10" })
    expect(state.record.amount).toBe(1350.45)
  })

  it("pays in full when the code is cleared before paying", async () => {
    const { order_id, redirect_url } = await createOrder()
    await applyOnPage(redirect_url, "SPRING10")
    const state = await emulator.control.completeCheckout(order_id, { delivery_method: "pickup", payment_method: "payment_on_delivery", promo_code: "" })
    expect(state.promo).toBeUndefined()
    expect(state.record.amount).toBe(1500.5)
  })
})
