#!/usr/bin/env node
// Adds monobank to a copy of Medusa's DTC starter storefront: copies ./files into it and makes the
// few edits of its own files listed in ./README.md. Run it again safely: an edit already made is
// left alone. Usage: node apply.js <path of the starter>
const fs = require("node:fs")
const path = require("node:path")

const FILES = path.join(__dirname, "files")

/** Each edit: a line of the starter after (or before) which our line goes. */
const EDITS = [
  {
    file: "src/lib/constants.tsx",
    inserts: [
      { after: 'import React from "react"', line: 'import { monobankPaymentInfo } from "@lib/monobank/payment-info"' },
      { before: "  // Add more payment providers here", line: "  ...monobankPaymentInfo," },
    ],
  },
  {
    file: "src/modules/checkout/components/payment-button/index.tsx",
    inserts: [
      { after: 'import ErrorMessage from "../error-message"', line: 'import MonobankPaymentButton, { isMonobank } from "@modules/monobank/payment-button"' },
      {
        before: "    default:",
        line: "    case isMonobank(paymentSession?.provider_id):\n      return <MonobankPaymentButton cart={cart} notReady={notReady} />",
      },
    ],
  },
  {
    file: "src/modules/products/components/product-actions/index.tsx",
    inserts: [
      { after: 'import ProductPrice from "../product-price"', line: 'import MonobankInstallmentPrice from "@modules/monobank/installment-price"' },
      { after: "export default function ProductActions({", line: "  region," },
      { after: 'import ProductPrice from "../product-price"', line: 'import MonobankBuyNowButton from "@modules/monobank/buy-now-button"' },
      {
        after: "        <ProductPrice product={product} variant={selectedVariant} />",
        line: "        <MonobankInstallmentPrice product={product} variant={selectedVariant} region={region} />",
      },
      {
        after: "        </Button>",
        line: "        <MonobankBuyNowButton variant={selectedVariant} region={region} disabled={!inStock || !isValidVariant || !!disabled} />",
      },
    ],
  },
  {
    file: "src/modules/cart/templates/summary.tsx",
    inserts: [
      { after: 'import { HttpTypes } from "@medusajs/types"', line: 'import MonoCheckoutButton from "@modules/monobank/mono-checkout-button"' },
      { after: "      </LocalizedClientLink>", line: "      <MonoCheckoutButton />" },
    ],
  },
]

function insert(source, { after, before, line }, file) {
  if (source.includes(line)) return source
  const anchor = after ?? before
  const at = source.indexOf(anchor)
  if (at < 0) throw new Error(`${file}: the line "${anchor.trim()}" is not there; make this edit by hand (see README.md)`)
  const end = source.indexOf("\n", at) + 1 || source.length
  const lineStart = source.lastIndexOf("\n", at) + 1
  return after ? `${source.slice(0, end)}${line}\n${source.slice(end)}` : `${source.slice(0, lineStart)}${line}\n${source.slice(lineStart)}`
}

function applyMonobank(starterDir) {
  if (!fs.existsSync(path.join(starterDir, "src/lib/constants.tsx"))) {
    throw new Error(`${starterDir} is not the DTC starter storefront (no src/lib/constants.tsx)`)
  }
  fs.cpSync(FILES, starterDir, { recursive: true })
  for (const { file, inserts } of EDITS) {
    const target = path.join(starterDir, file)
    const source = fs.readFileSync(target, "utf8")
    fs.writeFileSync(target, inserts.reduce((text, edit) => insert(text, edit, file), source))
  }
}

module.exports = { applyMonobank }

if (require.main === module) {
  const starterDir = process.argv[2]
  if (!starterDir) {
    console.error("usage: node apply.js <path of the DTC starter storefront>")
    process.exit(2)
  }
  applyMonobank(path.resolve(starterDir))
  console.log(`monobank added to ${path.resolve(starterDir)}; set the environment variables in README.md, then build.`)
}
