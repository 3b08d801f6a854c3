// What a price comes to in installments, from the plugin's public route (the browser asks it with
// the publishable key): the numbers of payments the store offers and the monthly payment of each,
// or none where the region has no installments or the price is outside the store's limits.
import { call } from "./card-payments"

export type PartPayment = { parts_count: number; per_part: string }
export type InstallmentPrices = { installments: { parts: number[]; payments: PartPayment[] } | null; reason?: string }

export function installmentPrices(regionId: string, amount: number): Promise<InstallmentPrices> {
  const query = new URLSearchParams({ region_id: regionId, amount: amount.toFixed(2) })
  return call<InstallmentPrices>(`/store/monobank/installment-prices?${query}`)
}
