/** What a shopper does in the DTC starter and on the emulator's pages, in a real browser. */
import type { Page } from "playwright-core"
import { TEST_CARDS } from "../../../emulator"

export type Shot = (page: Page, name: string) => Promise<void>

export const ADDRESS = {
  first_name: "Тарас",
  last_name: "Шевченко",
  address_1: "вул. Хрещатик, 1",
  postal_code: "01001",
  city: "Київ",
}

export class Shopper {
  /** The bank's checkout page this shopper last paid on. */
  bankCheckoutUrl?: string

  constructor(
    readonly page: Page,
    /** The storefront with its country code, e.g. http://localhost:8000/ua */
    readonly shop: string,
    readonly shot: Shot
  ) {}

  /**
   * A click that lands before the starter's page has hydrated does nothing, and a busy server may
   * show the new count only after a reload: the count is read again after a reload, and the click
   * is repeated only when the cart is still empty.
   */
  async addToCart(handle: string) {
    const inCart = this.page.getByTestId("nav-cart-link").filter({ hasText: "(1)" })
    const shows = (timeout: number) => inCart.waitFor({ timeout }).then(() => true, () => false)
    for (let attempt = 1; attempt <= 3; attempt++) {
      await this.page.goto(`${this.shop}/products/${handle}`, { waitUntil: "networkidle" })
      const add = this.page.getByTestId("add-product-button").first()
      await add.waitFor()
      await this.page.locator('[data-testid="add-product-button"]:not([disabled])').first().waitFor()
      if (attempt === 1) await this.shot(this.page, "product")
      await add.click()
      if (await shows(20_000)) return
      await this.page.reload({ waitUntil: "networkidle" })
      if (await shows(10_000)) return
    }
    throw new Error(`the starter's cart does not show the product ${handle} after three tries`)
  }

  /**
   * On the bank's mono checkout page: a promo code when given, a Nova Poshta branch in Lviv, a test
   * card, the buyer, "Place order".
   */
  async placeOnBankCheckoutPage(email: string, { promoCode }: { promoCode?: string } = {}) {
    await this.page.waitForURL(/\/checkout\//)
    this.bankCheckoutUrl = this.page.url()
    if (promoCode) {
      // The page asks the store at once, and shows the discount and the new total.
      await this.page.fill("#promo_code", promoCode)
      await this.page.getByTestId("apply-promo").click()
      await this.page.getByTestId("promo-discount").waitFor()
      await this.shot(this.page, "bank-checkout-promo-code")
    }
    await this.page.locator('input[name="delivery_method"][value="np_brnm"]').check()
    await this.page.fill("#cityName", "Львів")
    await this.page.fill("#branch_id", "12")
    await this.page.fill("#branch_address", "вул. Городоцька, 100")
    await this.page.locator('input[name="payment_method"][value="card"]').check()
    await this.page.fill("#pan", TEST_CARDS.visa)
    await this.page.fill("#exp", "12/30")
    await this.page.fill("#cvv", "123")
    await this.page.fill("#first_name", "Леся")
    await this.page.fill("#last_name", "Українка")
    await this.page.fill("#phoneNumber", "+380671112233")
    await this.page.fill("#email", email)
    await this.shot(this.page, "bank-checkout-page")
    await this.page.getByRole("button", { name: "Place order" }).click()
  }

  async openCart() {
    await this.page.goto(`${this.shop}/cart`, { waitUntil: "networkidle" })
    await this.page.getByTestId("checkout-button").waitFor()
    await this.shot(this.page, "cart")
  }

  /** Address, delivery and payment method, up to the review step with our pay button. */
  async checkoutUpToReview({ email, phone, payment }: { email?: string; phone: string; payment: string }) {
    await this.page.getByTestId("checkout-button").click()
    await this.page.getByTestId("shipping-first-name-input").waitFor()
    for (const [field, value] of Object.entries(ADDRESS)) await this.page.fill(`[name="shipping_address.${field}"]`, value)
    await this.page.selectOption('[name="shipping_address.country_code"]', "ua")
    await this.page.fill('[name="shipping_address.phone"]', phone)
    if (email) await this.page.fill('[name="email"]', email)
    await this.shot(this.page, "address")
    await this.page.getByTestId("submit-address-button").click()
    await this.page.getByTestId("delivery-option-radio").filter({ hasText: "Courier" }).click()
    await this.page.getByTestId("submit-delivery-option-button").click()
    await this.page.getByText(payment, { exact: true }).click()
    await this.shot(this.page, "payment-method")
    await this.page.getByTestId("submit-payment-button").click()
    await this.page.getByTestId("monobank-pay-button").waitFor()
    await this.shot(this.page, "review")
  }

  /** On the emulator's payment page: the amount shown, then the card typed in and paid. */
  async payOnBankPage(pan: string) {
    await this.page.waitForURL(/\/pay\//)
    const amount = await this.page.getByTestId("amount").textContent()
    await this.shot(this.page, "bank-payment-page")
    await this.page.fill("#pan", pan)
    await this.page.fill("#exp", "12/30")
    await this.page.fill("#cvv", "123")
    await this.page.getByRole("button", { name: /^Pay/ }).click()
    return amount
  }

  /** The starter's order confirmation page; answers the order id. */
  async confirmation(): Promise<string> {
    await this.page.waitForURL(/\/order\/[^/]+\/confirmed/, { timeout: 60_000 })
    await this.page.getByTestId("order-complete-container").waitFor()
    await this.shot(this.page, "order-confirmed")
    return this.page.url().match(/\/order\/([^/]+)\/confirmed/)![1]
  }
}
