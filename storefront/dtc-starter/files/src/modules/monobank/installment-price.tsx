"use client"

import { getProductPrice } from "@lib/util/get-product-price"
import { installmentPrices, type PartPayment } from "@lib/monobank/installment-prices"
import { HttpTypes } from "@medusajs/types"
import { useEffect, useState } from "react"

/**
 * "from 205.76 ₴ × 6 payments" under the product's price when the store sells it in installments
 * (monobank "Покупка частинами"): the most payments the store offers, for the chosen variant's
 * price. Nothing where the region has no installments or the price is outside the store's limits.
 */
export default function MonobankInstallmentPrice({
  product,
  variant,
  region,
}: {
  product: HttpTypes.StoreProduct
  variant?: HttpTypes.StoreProductVariant
  region?: HttpTypes.StoreRegion
}) {
  const { cheapestPrice, variantPrice } = getProductPrice({ product, variantId: variant?.id })
  const amount = (variant ? variantPrice : cheapestPrice)?.calculated_price_number
  const [most, setMost] = useState<PartPayment | null>(null)

  useEffect(() => {
    let current = true
    if (!region?.id || !amount) {
      setMost(null)
      return
    }
    installmentPrices(region.id, amount)
      .then(({ installments }) => current && setMost(installments?.payments.at(-1) ?? null))
      .catch(() => current && setMost(null))
    return () => {
      current = false
    }
  }, [region?.id, amount])

  if (!most) return null
  const perPart = Number(most.per_part).toLocaleString("uk-UA", { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  return (
    <p className="txt-compact-small text-ui-fg-subtle" data-testid="monobank-installment-price">
      from {perPart} ₴ × {most.parts_count} payments with monobank
    </p>
  )
}
