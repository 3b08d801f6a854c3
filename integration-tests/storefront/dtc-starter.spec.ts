/**
 * monobank in Medusa's official DTC starter storefront, bought in a real browser (Debian Chromium
 * through playwright-core): the starter is copied, our files applied (storefront/dtc-starter), built
 * and started against the dev store with the bank emulator. Screenshots of every step go to
 * integration-tests/storefront/screenshots/. Needs a copy of the starter named by
 * MONOBANK_DTC_STARTER_DIR: `npm test -- storefront`, run by CI.
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import type { Browser, BrowserContext } from "playwright-core"
import { TEST_CARDS } from "../../emulator"
import { toBankMinorUnits } from "../../src/utils/medusa-money"
import { launchBrowser, screenshots } from "./harness/browser"
import { INSTALLMENT_CONFIRM_DELAY_MS, startDevStore, type DevStore } from "./harness/dev-store"
import { Shopper } from "./harness/shopper"
import { buildStarter, prepareStarter, STARTER_DIR, starterPresent, startStarter, type Timings } from "./harness/starter"

// eslint-disable-next-line @typescript-eslint/no-var-requires
const { freePort } = require("../../scripts/lib/postgres")

jest.setTimeout(180_000)

const CARD = "Card (monobank)"
const INSTALLMENTS = "Pay in parts (monobank)"
const timings: Timings = {}
let store: DevStore
let storefront: { stop(): Promise<void> }
let browser: Browser
let context: BrowserContext
let shop: string
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "monobank-storefront-"))

async function timed<T>(name: string, work: () => Promise<T> | T): Promise<T> {
  const started = Date.now()
  try {
    return await work()
  } finally {
    timings[name] = Date.now() - started
  }
}

beforeAll(async () => {
  if (!starterPresent()) throw new Error(`The DTC starter is not at ${STARTER_DIR}: set MONOBANK_DTC_STARTER_DIR`)
  const port = await freePort()
  shop = `http://localhost:${port}/ua`
  const dir = await timed("prepareMs", () => prepareStarter(path.join(logDir, "starter-install.log"), timings))
  store = await timed("storeBootMs", () => startDevStore({ storefrontUrl: shop, logDir }))
  const env = {
    NEXT_PUBLIC_MEDUSA_BACKEND_URL: store.url,
    NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY: store.publishableKey,
    NEXT_PUBLIC_DEFAULT_REGION: "ua",
    NEXT_PUBLIC_BASE_URL: `http://localhost:${port}`,
  }
  await timed("buildMs", () => buildStarter(dir, env, path.join(logDir, "starter-build.log")))
  storefront = await timed("startMs", () => startStarter(dir, port, env, path.join(logDir, "starter-start.log")))
  browser = await launchBrowser()
}, 1_500_000)

afterAll(async () => {
  await browser?.close()
  await storefront?.stop()
  await store?.stop()
  const seconds = Object.entries(timings).map(([name, ms]) => `${name.replace(/Ms$/, "")} ${(ms / 1000).toFixed(1)} s`)
  process.stdout.write(`[storefront] ${seconds.join(", ")}; logs in ${logDir}\n`)
})

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" })
})
afterEach(async () => {
  await context?.close()
})

async function adminOrder(orderId: string) {
  const res = await fetch(
    `${store.url}/admin/orders/${orderId}?fields=id,email,total,discount_total,shipping_total,*shipping_address,*payment_collections.payments`,
    store.admin
  )
  expect(res.status).toBe(200)
  return ((await res.json()) as { order: any }).order
}

async function adminOrdersOf(email: string) {
  const res = await fetch(`${store.url}/admin/orders?q=${encodeURIComponent(email)}&fields=id,email`, store.admin)
  return ((await res.json()) as { orders: { email: string }[] }).orders.filter((order) => order.email === email)
}

async function shopperFor(flow: string, run: (shopper: Shopper) => Promise<void>) {
  const page = await context.newPage()
  await timed(`${flow}Ms`, () => run(new Shopper(page, shop, screenshots(flow))))
}

it("1. card: browse, cart, address, delivery, pay on the bank's page, the starter's confirmation; the order's payment is held", async () => {
  await shopperFor("card", async (shopper) => {
    await shopper.addToCart("vyshyvanka")
    await shopper.openCart()
    await shopper.checkoutUpToReview({ email: "card@example.test", phone: "+380501234567", payment: CARD })
    await shopper.page.getByTestId("monobank-pay-button").click()
    // 1234.56 for the product and 70 for the courier: the bank charges the total the checkout showed.
    expect(await shopper.payOnBankPage(TEST_CARDS.visa)).toMatch(/1[\s ,]?304[.,]56/)
    const orderId = await shopper.confirmation()
    const order = await adminOrder(orderId)
    expect(order.email).toBe("card@example.test")
    expect(order.total).toBe(1304.56)
    const [payment] = order.payment_collections.flatMap((c: any) => c.payments)
    expect(payment.provider_id).toBe("pp_monobank_monobank")
    expect(payment.amount).toBe(1304.56)
    expect(payment.canceled_at).toBeNull()
    // The card provider the starter uses holds the money until the admin captures it.
    expect((await store.emulator.control.getInvoice(payment.data.invoiceId)).status).toBe("hold")
  })
})

it("2. a declined card shows the bank's reason in the starter's checkout; a good card then makes one order", async () => {
  await shopperFor("decline", async (shopper) => {
    await shopper.addToCart("pysanka")
    await shopper.openCart()
    await shopper.checkoutUpToReview({ email: "decline@example.test", phone: "+380501234567", payment: CARD })
    await shopper.page.getByTestId("monobank-pay-button").click()
    await shopper.payOnBankPage(TEST_CARDS.insufficientFunds)
    const reason = shopper.page.getByTestId("monobank-payment-error")
    await reason.waitFor({ timeout: 60_000 })
    expect(await reason.textContent()).toBe("Insufficient funds on the card")
    await shopper.shot(shopper.page, "declined-with-bank-reason")

    await shopper.page.getByTestId("monobank-pay-button").click()
    await shopper.payOnBankPage(TEST_CARDS.visa)
    await shopper.confirmation()
    expect(await adminOrdersOf("decline@example.test")).toHaveLength(1)
  })
})

it("3. installments with a phone ending in 4: the waiting screen, the shopper confirms in the app, the confirmation", async () => {
  await shopperFor("installments", async (shopper) => {
    await shopper.addToCart("vyshyvanka")
    await shopper.openCart()
    await shopper.checkoutUpToReview({ email: "parts@example.test", phone: "+380501234564", payment: INSTALLMENTS })
    expect(await shopper.page.getByTestId("monobank-installments-phone").inputValue()).toBe("+380501234564")
    await shopper.page.getByTestId("monobank-installments-parts").selectOption("4")
    await shopper.page.getByTestId("monobank-pay-button").click()
    const waiting = shopper.page.getByTestId("monobank-installments-waiting")
    await waiting.getByText("Confirm the installment purchase in your monobank app.").waitFor({ timeout: 30_000 })
    await shopper.shot(shopper.page, "waiting-for-the-app")

    await store.emulator.control.advanceClock(INSTALLMENT_CONFIRM_DELAY_MS) // the shopper confirms in the app
    const orderId = await shopper.confirmation()
    const [payment] = (await adminOrder(orderId)).payment_collections.flatMap((c: any) => c.payments)
    expect(payment.provider_id).toBe("pp_monobank-installments_monobank-installments")
    expect(payment.data).toMatchObject({ parts_count: 4, total_sum: 1304.56, client_phone: "+38050***4564" })
  })
})

it("4. mono checkout from the cart page: the bank's checkout page, then the starter's confirmation with the delivery address", async () => {
  await shopperFor("mono-checkout", async (shopper) => {
    await shopper.addToCart("hornyatko")
    await shopper.openCart()
    await shopper.page.getByTestId("mono-checkout-button").click()
    await shopper.placeOnBankCheckoutPage("mono@example.test")
    const orderId = await shopper.confirmation()
    const address = await shopper.page.getByTestId("shipping-address-summary").textContent()
    expect(address).toContain("Львів")
    expect(address).toContain("Городоцька")
    expect((await adminOrder(orderId)).email).toBe("mono@example.test")
  })
})

it("5. a logged-in customer saves a card with a first order and pays the second with it, without the payment page", async () => {
  await shopperFor("saved-card", async (shopper) => {
    const { page } = shopper
    const email = `saved-${Date.now()}@example.test`
    await page.goto(`${shop}/account`)
    // The login form's "Join us" works once the page is hydrated: click until the register form shows.
    for (let tries = 0; !(await page.getByTestId("first-name-input").isVisible()) && tries < 20; tries++) {
      await page.getByTestId("register-button").click()
      await page.waitForTimeout(500)
    }
    await page.getByTestId("first-name-input").fill("Іван")
    await page.getByTestId("last-name-input").fill("Франко")
    await page.getByTestId("email-input").fill(email)
    await page.getByTestId("password-input").fill("correct horse battery staple")
    await page.getByTestId("register-button").click()
    await page.getByTestId("welcome-message").waitFor()
    await shopper.shot(page, "registered")

    await shopper.addToCart("pysanka")
    await shopper.openCart()
    await shopper.checkoutUpToReview({ email, phone: "+380501234567", payment: CARD })
    await page.getByTestId("monobank-save-card").check()
    await page.getByTestId("monobank-pay-button").click()
    await shopper.payOnBankPage(TEST_CARDS.visa)
    await shopper.confirmation()

    await shopper.addToCart("hornyatko")
    await shopper.openCart()
    await shopper.checkoutUpToReview({ email, phone: "+380501234567", payment: CARD })
    const saved = page.getByTestId("monobank-saved-cards")
    await saved.getByText("Saved card 424242******4242").waitFor()
    await shopper.shot(page, "saved-card-choice")
    await page.getByTestId("monobank-pay-button").click()
    const orderId = await shopper.confirmation()
    expect(page.url()).not.toContain("/pay/")
    const [payment] = (await adminOrder(orderId)).payment_collections.flatMap((c: any) => c.payments)
    expect(payment.provider_id).toBe("pp_monobank_monobank")
    expect(payment.canceled_at).toBeNull()
    expect(await adminOrdersOf(email)).toHaveLength(2)
  })
})

it("6. a PCI DSS merchant's card form: card details typed in the starter's checkout, no bank page, the confirmation", async () => {
  await shopperFor("card-form", async (shopper) => {
    await shopper.addToCart("pysanka")
    await shopper.openCart()
    await shopper.checkoutUpToReview({ email: "card-form@example.test", phone: "+380501234567", payment: CARD })
    await shopper.page.getByTestId("monobank-card-number").fill(TEST_CARDS.declined)
    await shopper.page.getByTestId("monobank-card-expiry").fill("12/30")
    await shopper.page.getByTestId("monobank-card-cvv").fill("123")
    await shopper.page.getByTestId("monobank-card-form-pay").click()
    const reason = shopper.page.getByTestId("monobank-card-form-error")
    await reason.waitFor({ timeout: 60_000 })
    expect(await reason.textContent()).toBe("Card declined by the issuing bank")

    await shopper.page.getByTestId("monobank-card-number").fill(TEST_CARDS.mastercard)
    await shopper.page.getByTestId("monobank-card-expiry").fill("12/30")
    await shopper.page.getByTestId("monobank-card-cvv").fill("123")
    await shopper.shot(shopper.page, "card-form")
    await shopper.page.getByTestId("monobank-card-form-pay").click()
    await shopper.confirmation()
    expect(await adminOrdersOf("card-form@example.test")).toHaveLength(1)
  })
})

/** Saves installment settings in the admin; `{}` puts back the dev store's own. */
function saveInstallmentSettings(values: Record<string, unknown>) {
  return fetch(`${store.url}/admin/monobank/settings/installments`, {
    method: "POST",
    headers: { ...store.admin.headers, "content-type": "application/json" },
    body: JSON.stringify({ values }),
  })
}

it("7. installments with the order placed before the approval: the order's page asks to confirm in the app, the order exists unpaid, the approval pays it and shows the confirmation", async () => {
  expect((await saveInstallmentSettings({ placeOrderBeforeApproval: true })).status).toBe(200)
  try {
    await shopperFor("installments-order-first", async (shopper) => {
      const email = "parts-first@example.test"
      await shopper.addToCart("vyshyvanka")
      await shopper.openCart()
      await shopper.checkoutUpToReview({ email, phone: "+380501234564", payment: INSTALLMENTS })
      await shopper.page.getByTestId("monobank-pay-button").click()
      const placed = shopper.page.getByTestId("monobank-installment-order")
      await placed.getByText("Your order is placed.").waitFor({ timeout: 60_000 })
      await placed.getByTestId("monobank-installment-order-state").getByText("Confirm the installment purchase in your monobank app.").waitFor({ timeout: 30_000 })
      await shopper.shot(shopper.page, "order-placed-awaiting-the-app")
      const [waiting] = await adminOrdersOf(email)
      expect(waiting).toBeDefined()
      expect((await adminOrder((waiting as any).id)).payment_collections.flatMap((c: any) => c.payments)).toEqual([])

      await store.emulator.control.advanceClock(INSTALLMENT_CONFIRM_DELAY_MS) // the shopper confirms in the app
      const orderId = await shopper.confirmation()
      expect(orderId).toBe((waiting as any).id)
      const [payment] = (await adminOrder(orderId)).payment_collections.flatMap((c: any) => c.payments)
      expect(payment.provider_id).toBe("pp_monobank-installments_monobank-installments")
      expect(await adminOrdersOf(email)).toHaveLength(1)
    })
  } finally {
    await saveInstallmentSettings({})
  }
})

it("8. the product page says what the price comes to in installments, and says nothing once the price is above the store's limit", async () => {
  await shopperFor("installment-price", async (shopper) => {
    await shopper.page.goto(`${shop}/products/vyshyvanka`, { waitUntil: "networkidle" })
    const line = shopper.page.getByTestId("monobank-installment-price")
    await line.waitFor()
    // 1234.56 ₴ in the most payments the dev store offers (6), rounded up to the kopeck.
    expect(await line.textContent()).toBe("from 205,76 ₴ × 6 payments with monobank")
    await shopper.shot(shopper.page, "product-installment-price")

    expect((await saveInstallmentSettings({ maxOrderTotal: "1000" })).status).toBe(200)
    try {
      const answered = shopper.page.waitForResponse((response) => response.url().includes("/store/monobank/installment-prices"))
      await shopper.page.reload({ waitUntil: "networkidle" })
      expect(await (await answered).json()).toMatchObject({ installments: null })
      await shopper.page.getByTestId("product-price").first().waitFor()
      expect(await line.count()).toBe(0)
    } finally {
      await saveInstallmentSettings({})
    }
  })
})

it("9. Buy with mono checkout on the product page: the product goes to the bank's checkout page in a cart of its own, the order is placed, and the shopper's cart keeps what it had", async () => {
  await shopperFor("mono-checkout-buy-now", async (shopper) => {
    await shopper.addToCart("vyshyvanka")
    await shopper.page.goto(`${shop}/products/hornyatko`, { waitUntil: "networkidle" })
    const buy = shopper.page.locator('[data-testid="mono-checkout-buy-now"]:not([disabled])').first()
    await buy.waitFor()
    await shopper.shot(shopper.page, "product-buy-now")
    await buy.click()
    await shopper.placeOnBankCheckoutPage("buy-now@example.test")
    const orderId = await shopper.confirmation()
    const order = await adminOrder(orderId)
    expect(order.email).toBe("buy-now@example.test")
    expect(order.shipping_address.city).toBe("Львів")

    await shopper.openCart()
    const cart = await shopper.page.getByTestId("product-row").allTextContents()
    expect(cart).toHaveLength(1)
    expect(cart[0]).toMatch(/Вишиванка/)
  })
})

it("10. mono checkout with the store's promo code and a paid delivery: the bank's page shows the delivery prices and the discount, and the order's total, discount and shipping are the bank's", async () => {
  await shopperFor("mono-checkout-promo-delivery", async (shopper) => {
    await shopper.addToCart("hornyatko")
    await shopper.openCart()
    await shopper.page.getByTestId("mono-checkout-button").click()
    await shopper.page.waitForURL(/\/checkout\//)
    // The store's prices beside each delivery method (the demo seed: branch 60, locker 45, courier 120).
    expect(await shopper.page.getByTestId("delivery-price-np_brnm").textContent()).toBe("+ 60 UAH")
    expect(await shopper.page.getByTestId("delivery-price-pickup").textContent()).toBe("+ 0 UAH")
    await shopper.placeOnBankCheckoutPage("promo@example.test", { promoCode: "MONO10" })
    const orderId = await shopper.confirmation()

    const bankOrderId = new URL(shopper.bankCheckoutUrl!).pathname.split("/").pop()!
    const bank = await store.emulator.control.getCheckoutOrder(bankOrderId)
    expect(bank).toMatchObject({ promo: { code: "MONO10" }, deliveryPrice: 60 })
    const order = await adminOrder(orderId)
    expect(toBankMinorUnits(order.total, "uah")).toBe(toBankMinorUnits(bank.record.amount, "uah"))
    expect(toBankMinorUnits(order.discount_total, "uah")).toBe(toBankMinorUnits(bank.promo!.discount, "uah"))
    expect(order.shipping_total).toBe(60)
  })
})
