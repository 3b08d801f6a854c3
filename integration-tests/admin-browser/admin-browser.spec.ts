/**
 * Issue 14 in a real browser: a store owner logs in to the Medusa admin, sets the card token and
 * capture mode on Settings → monobank and tests the connection, opens a paid order and syncs it
 * with the bank, resolves a needs-attention row, and (#27) sees an order's fiscal receipts. The shopper's and the bank's side go through
 * the store API and the emulator. (#29) It also makes a payment link for what an edited order owes. `npm test -- admin-browser`; screenshots in ./screenshots.
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import type { Browser, Locator, Page } from "playwright-core"
import { DEBIT_PROVIDER, HOLD_PROVIDER, checkoutWithMonobank } from "../http/acquiring-helpers"
import {
  INSTALLMENTS_PROVIDER,
  ON_DELIVERY_PROVIDER,
  createCheckoutCart,
  eventually,
  seedCheckoutStore,
  startCheckout,
  submitCheckoutPage,
  type CheckoutFixtures,
} from "../http/checkout-helpers"
import { startAdminStore, type AdminStore } from "./harness/admin-store"
import { launchChromium, logIn, screenshot } from "./harness/browser"

jest.setTimeout(10 * 60_000)

const logDir = process.env.ADMIN_BROWSER_LOG_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "monobank-admin-browser-"))
const NINE_DAYS_MS = 9 * 24 * 60 * 60 * 1000
let store: AdminStore
let browser: Browser
let page: Page
let fx: CheckoutFixtures

beforeAll(async () => {
  ;[store, browser] = await Promise.all([startAdminStore(logDir), launchChromium()])
  fx = await seedCheckoutStore(store.api, { headers: store.owner.headers }, [HOLD_PROVIDER, DEBIT_PROVIDER, INSTALLMENTS_PROVIDER, ON_DELIVERY_PROVIDER])
  page = await browser.newPage({ viewport: { width: 1440, height: 1000 } })
  page.setDefaultTimeout(120_000)
  await logIn(page, store.url, store.owner)
  await screenshot(page, "01-logged-in")
}, 12 * 60_000)

afterAll(async () => {
  await browser?.close()
  await store?.stop()
})

/** Waits until the element shows text matching `pattern`, and returns its text. */
async function textOnceMatching(locator: Locator, pattern: RegExp): Promise<string> {
  await locator.filter({ hasText: pattern }).first().waitFor()
  return (await locator.first().textContent()) ?? ""
}

/** The order a paid cart became (the bank's webhook places it), once there. */
async function orderPlacedFor(cartId: string): Promise<string | undefined> {
  return eventually(
    async () => (await store.sql.query(`select order_id from order_cart where cart_id = $1 and deleted_at is null`, [cartId])).rows[0]?.order_id as string | undefined,
    Boolean,
    60_000
  )
}

/** The bank's payment type of the invoice a new card session on the hold provider makes. */
async function paymentTypeOfNextSession(): Promise<string> {
  const { session } = await checkoutWithMonobank(store.api, fx, HOLD_PROVIDER)
  return (await store.emulator.control.getInvoice(session.data.invoiceId)).paymentType
}

async function openCardSettings() {
  await page.goto(`${store.url}/app/settings/monobank`)
  const section = page.getByTestId("monobank-settings-acquiring")
  await section.waitFor()
  return section
}

it("Settings → monobank: a wrong token fails Test connection in words, the right one names the merchant, and the saved capture mode applies to the next payment session", async () => {
  expect(await paymentTypeOfNextSession()).toBe("hold")
  const card = await openCardSettings()
  const message = card.getByTestId("message-acquiring")
  // The order page names providers only by id: the settings page says which one holds and which one charges.
  expect(await card.textContent()).toContain("pp_monobank_monobank (holds the card, you capture), pp_monobank_monobank-debit (charges at once)")

  await card.locator("#field-token").fill("not-the-merchants-token")
  await card.getByTestId("test-acquiring").click()
  expect(await textOnceMatching(message, /Connection failed/)).toMatch(/did not accept the merchant token/)
  await screenshot(page, "02-settings-wrong-token")

  await card.locator("#field-token").fill(store.emulator.acquiringToken)
  await card.getByTestId("test-acquiring").click()
  expect(await textOnceMatching(message, /Connection works/)).toMatch(/Connected to merchant ".+"/)

  await card.locator("#field-captureMode").selectOption("automatic")
  await card.getByTestId("save-acquiring").click()
  expect(await textOnceMatching(message, /Saved/)).toMatch(/New payment sessions use these settings/)
  const last4 = store.emulator.acquiringToken.slice(-4)
  await card.getByText(`Saved: set, ends in ${last4}`).waitFor()
  await screenshot(page, "03-settings-saved")
  expect(await page.content()).not.toContain(store.emulator.acquiringToken)

  expect(await paymentTypeOfNextSession()).toBe("debit")

  // Back to what medusa-config.ts says, after a reload that shows what was saved.
  const reloaded = await openCardSettings()
  expect(await reloaded.locator("#field-captureMode").inputValue()).toBe("automatic")
  await reloaded.locator("#field-captureMode").selectOption("")
  await reloaded.getByTestId("save-acquiring").click()
  await textOnceMatching(reloaded.getByTestId("message-acquiring"), /Saved/)
  expect(await paymentTypeOfNextSession()).toBe("hold")
})

it("order page: the widget shows the held card payment and the bank's status; Sync with bank applies the release the bank made while its webhook was lost", async () => {
  const { cart, session } = await checkoutWithMonobank(store.api, fx, HOLD_PROVIDER)
  const invoiceId: string = session.data.invoiceId
  await store.emulator.control.payInvoice(invoiceId)
  const orderId = await orderPlacedFor(cart.id)
  expect(orderId).toBeTruthy()

  await page.goto(`${store.url}/app/orders/${orderId}`)
  const widget = page.getByTestId("monobank-order-widget")
  await widget.waitFor()
  expect(await widget.textContent()).toContain("Card, held")
  expect(await widget.textContent()).toContain(invoiceId)
  expect(await textOnceMatching(widget.getByTestId("bank-status"), /hold/)).toBe("hold")
  expect(await widget.textContent()).toMatch(/424242\*+4242/)
  expect(await widget.getByTestId("capture-means").textContent()).toMatch(/charges the held money/)
  await screenshot(page, "04-order-widget-held")

  await store.emulator.control.setWebhookMode("drop")
  try {
    await store.emulator.control.advanceClock(NINE_DAYS_MS + 60_000)
    expect((await store.emulator.control.getInvoice(invoiceId)).status).toBe("reversed")
  } finally {
    await store.emulator.control.setWebhookMode("deliver")
  }

  await widget.getByTestId("monobank-sync").click()
  expect(await textOnceMatching(widget.getByTestId("monobank-sync-note"), /reversed/)).toContain(`invoice ${invoiceId}: monobank says reversed.`)
  expect(await widget.getByTestId("bank-status").textContent()).toBe("reversed")
  await page.reload()
  await page.getByTestId("monobank-order-widget").getByText("Needs attention").waitFor()
  await screenshot(page, "05-order-widget-after-sync")
})

it("needs attention: a paid mono checkout order that could not become an order is listed, and once the cause is gone its button places the order", async () => {
  const cart = await createCheckoutCart(store.api, fx)
  const started = await startCheckout(store.api, fx, { cart_id: cart.id })
  const bankOrderId: string = started.data.redirect_url.split("/").pop()
  // The shopper adds an item in another tab after leaving for the bank: the paid amount no longer covers the cart.
  const { data: grown } = await store.api.post(`/store/carts/${cart.id}/line-items`, { variant_id: fx.variantId, quantity: 1 }, fx.store)
  await submitCheckoutPage(started.data.redirect_url, {
    delivery_method: "np_brnm",
    payment_method: "card",
    cityName: "Київ",
    areaName: "Київська",
    branch_id: "25",
    branch_address: "вул. Велика Васильківська, 100",
  })
  await store.emulator.control.flushWebhooks()

  await page.goto(`${store.url}/app/settings/monobank`)
  await page.getByTestId("needs-attention-link").filter({ hasText: /Needs attention: [1-9]/ }).waitFor()
  await page.getByTestId("needs-attention-link").click()
  const row = page.getByTestId("attention-row").filter({ hasText: bankOrderId })
  await row.waitFor()
  expect(await row.textContent()).toMatch(/could not be made|no Medusa order could be made/)
  await screenshot(page, "06-needs-attention")

  // The cause goes away: the cart is back to what the shopper paid for.
  const line = grown.cart.items[0]
  await store.api.post(`/store/carts/${cart.id}/line-items/${line.id}`, { quantity: 1 }, fx.store)

  await row.getByRole("button", { name: /Sync with bank/ }).click()
  expect(await textOnceMatching(page.getByTestId("attention-result"), /Checkout order/)).toBe(`Checkout order ${bankOrderId}: resolved, the order was placed.`)
  await row.waitFor({ state: "detached" })
  const orders = await store.sql.query(`select order_id from order_cart where cart_id = $1 and deleted_at is null`, [cart.id])
  expect(orders.rows).toHaveLength(1)
  await screenshot(page, "07-needs-attention-resolved")

  await page.goto(`${store.url}/app/orders/${orders.rows[0].order_id}`)
  // The checkout order id stands twice: on the payment made on the checkout page and on the checkout order.
  const bankOrderIdShown = page.getByTestId("monobank-order-widget").getByText(bankOrderId)
  await bankOrderIdShown.first().waitFor()
  expect(await bankOrderIdShown.count()).toBe(2)
  // What a packer reads: carrier and branch number in the address and the shipping method, the region apart from the city.
  await page.getByText("Нова пошта: відділення №25", { exact: true }).first().waitFor()
  await page.getByText("Shipping Subtotal").click()
  await page.getByText("Нова пошта: відділення №25 (mono checkout)").first().waitFor()
  expect(await page.getByText("Київ Київська обл.").count()).toBeGreaterThan(0)
  await screenshot(page, "08-checkout-order")
})

it("order page with fiscalization on: the widget lists the sale check with its link at the tax service, and the bank's receipt downloads as a PDF", async () => {
  await store.emulator.control.setFiscalization(true)
  try {
    const { cart, session } = await checkoutWithMonobank(store.api, fx, DEBIT_PROVIDER)
    await store.emulator.control.payInvoice(session.data.invoiceId)
    const orderId = await orderPlacedFor(cart.id)
    await page.goto(`${store.url}/app/orders/${orderId}`)
    const receipts = page.getByTestId("monobank-order-widget").getByTestId("monobank-receipts")
    await receipts.waitFor()
    expect(await textOnceMatching(receipts, /Sale/)).toMatch(/Sale/)
    const taxLink = receipts.getByRole("link", { name: "Check at the tax service" })
    expect(await taxLink.getAttribute("href")).toMatch(/^https?:\/\//)
    await receipts.scrollIntoViewIfNeeded()
    await screenshot(page, "09-order-widget-receipts")

    const receiptHref = await receipts.getByRole("link", { name: "Bank receipt (PDF)" }).getAttribute("href")
    const download = await page.evaluate(async (href) => {
      const res = await fetch(href!, { credentials: "include" })
      const bytes = new Uint8Array(await res.arrayBuffer())
      return { status: res.status, type: res.headers.get("content-type"), head: String.fromCharCode(...bytes.slice(0, 5)) }
    }, receiptHref)
    expect(download).toEqual({ status: 200, type: expect.stringMatching(/application\/pdf/), head: "%PDF-" })
  } finally {
    await store.emulator.control.setFiscalization(false)
  }
})

it("order page after an order edit: the widget makes a payment link for what the order owes, sends it, and shows it paid once the shopper pays", async () => {
  const { cart, session } = await checkoutWithMonobank(store.api, fx, DEBIT_PROVIDER)
  await store.emulator.control.payInvoice(session.data.invoiceId)
  const orderId = await orderPlacedFor(cart.id)
  // The store owner adds an item to the paid order: it now owes the item's price.
  const admin = { headers: store.owner.headers }
  await store.api.post("/admin/order-edits", { order_id: orderId }, admin)
  await store.api.post(`/admin/order-edits/${orderId}/items`, { items: [{ variant_id: fx.variantId, quantity: 1 }] }, admin)
  await store.api.post(`/admin/order-edits/${orderId}/request`, {}, admin)
  await store.api.post(`/admin/order-edits/${orderId}/confirm`, {}, admin)

  await page.goto(`${store.url}/app/orders/${orderId}`)
  const panel = page.getByTestId("monobank-order-widget").getByTestId("monobank-payment-link")
  await panel.waitFor()
  const due = await textOnceMatching(panel.getByTestId("monobank-payment-link-due"), /owes \d+(\.\d+)? UAH/)
  await panel.getByTestId("monobank-payment-link-provider").selectOption(DEBIT_PROVIDER)
  await panel.getByTestId("monobank-payment-link-create").click()
  const urlField = panel.getByTestId("monobank-payment-link-url")
  await urlField.waitFor()
  const url = await urlField.inputValue()
  expect(url).toMatch(/^https?:\/\//)
  expect(await panel.textContent()).toContain(due.match(/\d+(\.\d+)? UAH/)![0])
  expect(await panel.getByTestId("monobank-payment-link-state").textContent()).toBe("Waiting for payment")
  await panel.getByTestId("monobank-payment-link-send").click()
  expect(await textOnceMatching(panel.getByTestId("monobank-payment-link-note"), /Sent to/)).toMatch(/Sent to .+@/)
  await panel.scrollIntoViewIfNeeded()
  await screenshot(page, "10-payment-link")

  const invoiceId = url.split("/").pop()!
  expect((await store.emulator.control.getInvoice(invoiceId)).status).toBe("created")
  await store.emulator.control.payInvoice(invoiceId)
  await store.emulator.control.flushWebhooks()
  await eventually(
    async () => (await store.api.get(`/admin/monobank/orders/${orderId}/payment-link`, admin)).data.payment_link.link.state,
    (state) => state === "paid",
    60_000
  )
  await page.reload()
  const paidPanel = page.getByTestId("monobank-order-widget").getByTestId("monobank-payment-link")
  expect(await textOnceMatching(paidPanel.getByTestId("monobank-payment-link-state"), /Paid/)).toBe("Paid")
  expect(await paidPanel.getByTestId("monobank-payment-link-create").count()).toBe(0)
  await paidPanel.scrollIntoViewIfNeeded()
  await screenshot(page, "11-payment-link-paid")
})
