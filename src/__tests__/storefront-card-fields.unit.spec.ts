/**
 * The storefront files (storefront/dtc-starter) keep card numbers, CVV and wallet tokens out of
 * Next.js server actions, logs and browser storage: they go from the form or wallet sheet to the
 * plugin's route in one browser request. And apply.js adds every file to a starter.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, existsSync, mkdirSync, writeFileSync } from "node:fs"
import os from "node:os"
import path from "node:path"

const STOREFRONT = path.resolve(__dirname, "../../storefront/dtc-starter")
const FILES = path.join(STOREFRONT, "files")

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]
  )
}

const sources = filesUnder(FILES).map((file) => ({ file: path.relative(FILES, file), text: readFileSync(file, "utf8") }))
const isServerAction = (text: string) => /^\s*["']use server["']/m.test(text)
/** Names under which card details or wallet tokens travel in these files. */
const CARD_FIELDS = /\b(pan|cvv|cardData|paymentData|tokenizationData|applePay|googlePay)\b/

describe("storefront files and card data", () => {
  it("has server actions, and none of them takes or sends card details or wallet tokens", () => {
    const actions = sources.filter(({ text }) => isServerAction(text))
    expect(actions.map(({ file }) => file)).toContain("src/lib/monobank/actions.ts")
    for (const { file, text } of actions) expect({ file, cardField: CARD_FIELDS.exec(text)?.[0] }).toEqual({ file, cardField: undefined })
  })

  it("sends card details and wallet tokens from the browser module only, straight to the plugin's routes", () => {
    const senders = sources.filter(({ text }) => /card-payments\/(direct|sync)/.test(text)).map(({ file }) => file)
    expect(senders).toEqual(["src/lib/monobank/card-payments.ts"])
    const sender = sources.find(({ file }) => file === senders[0])!.text
    expect(isServerAction(sender)).toBe(false)
    expect(sender).toContain("x-publishable-api-key")
  })

  it("never logs, stores in the browser or puts in a cookie what the shopper types", () => {
    for (const { file, text } of sources) {
      const leak = /console\.|localStorage|sessionStorage|document\.cookie/.exec(text)?.[0]
      expect({ file, leak }).toEqual({ file, leak: undefined })
    }
  })

  it("starts the store-page session with pay_on_store_page and no card data", () => {
    const actions = sources.find(({ file }) => file === "src/lib/monobank/actions.ts")!.text
    expect(actions).toMatch(/startSession\(cart, providerId, \{ pay_on_store_page: true \}\)/)
  })
})

describe("apply.js", () => {
  let starter: string
  beforeEach(() => {
    starter = mkdtempSync(path.join(os.tmpdir(), "monobank-apply-"))
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(starter, file)), { recursive: true })
      writeFileSync(path.join(starter, file), text)
    }
    write("src/lib/constants.tsx", 'import React from "react"\nexport const paymentInfoMap = {\n  // Add more payment providers here\n}\n')
    write(
      "src/modules/checkout/components/payment-button/index.tsx",
      'import ErrorMessage from "../error-message"\nswitch (true) {\n    default:\n      return null\n}\n'
    )
    write("src/modules/cart/templates/summary.tsx", 'import { HttpTypes } from "@medusajs/types"\n      </LocalizedClientLink>\n')
    write(
      "src/modules/products/components/product-actions/index.tsx",
      'import ProductPrice from "../product-price"\nexport default function ProductActions({\n  product,\n}) {\n  return (\n        <ProductPrice product={product} variant={selectedVariant} />\n        <Button>\n        </Button>\n  )\n}\n'
    )
  })
  afterEach(() => rmSync(starter, { recursive: true, force: true }))

  it("copies every file, the card form and wallet buttons included, and makes each edit once when run twice", () => {
    // eslint-disable-next-line @typescript-eslint/no-var-requires
    const { applyMonobank } = require(path.join(STOREFRONT, "apply.js"))
    applyMonobank(starter)
    applyMonobank(starter)
    for (const { file } of sources) expect(existsSync(path.join(starter, file))).toBe(true)
    for (const file of ["card-form.tsx", "apple-pay-button.tsx", "google-pay-button.tsx", "store-page-payments.tsx"]) {
      expect(existsSync(path.join(starter, "src/modules/monobank", file))).toBe(true)
    }
    const button = readFileSync(path.join(starter, "src/modules/checkout/components/payment-button/index.tsx"), "utf8")
    expect(button.match(/case isMonobank/g)).toHaveLength(1)
    // The product page: the installment price under the price, "Buy with mono checkout" after "Add to cart", the region passed in.
    const product = readFileSync(path.join(starter, "src/modules/products/components/product-actions/index.tsx"), "utf8")
    expect(product.match(/<MonobankInstallmentPrice /g)).toHaveLength(1)
    expect(product.match(/<MonobankBuyNowButton /g)).toHaveLength(1)
    expect(product).toMatch(/ProductActions\(\{\n  region,\n  product,/)
    expect(product.indexOf("<MonobankBuyNowButton")).toBeGreaterThan(product.indexOf("</Button>"))
  })
})
