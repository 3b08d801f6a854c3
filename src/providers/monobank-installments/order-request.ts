/**
 * Turns what Medusa gives `initiatePayment` into the bank's create-order request, checking
 * everything the shopper or the cart could get wrong first, so a bad input never reaches the bank.
 */
import type { BigNumberInput, PaymentCustomerDTO } from "@medusajs/framework/types"
import type { CreateOrderRequest } from "../../lib/monobank"
import { toHryvnia, toKopecks } from "../../utils/installments/amounts"
import { formatBankAmount } from "../../utils/medusa-money"
import { InstallmentInputError } from "./input-errors"
import type { ResolvedInstallmentsOptions } from "../../utils/installments/options"
import { normalizeUkrainianPhone } from "./phone"
import { readCartLines, toInstallmentProducts, wholeOrderProduct } from "./products"

// The bank publishes 1 UAH (interface document) and 2 UAH (OpenAPI): the stricter one.
const MIN_TOTAL_KOPECKS = 200n

export type OrderRequestInput = {
  amount: BigNumberInput
  currency_code: string
  /** Session data from the storefront (`client_phone`, `parts_count`) and our middleware (`cart_billing_phone`, `cart_lines`). */
  data: Record<string, unknown>
  customer?: Pick<PaymentCustomerDTO, "phone" | "billing_address"> | null
  sessionId?: string
  callbackUrl?: string
  /** Invoice date, YYYY-MM-DD. */
  date: string
}

export type OrderRequestPlan = {
  request: CreateOrderRequest
  totalKopecks: bigint
  parts: number
  /** Where the phone came from, for support. */
  phoneSource: PhoneSource
}

export type PhoneSource = "client_phone" | "cart_billing_address" | "customer_billing_address" | "customer"

export function planCreateOrder(input: OrderRequestInput, options: ResolvedInstallmentsOptions): OrderRequestPlan {
  const currency = String(input.currency_code ?? "").toUpperCase()
  if (currency !== "UAH") throw new InstallmentInputError({ code: "currency_not_supported", currency })

  let totalKopecks: bigint
  try {
    totalKopecks = toKopecks(input.amount)
  } catch {
    throw new InstallmentInputError({ code: "amount_invalid" })
  }
  if (totalKopecks < MIN_TOTAL_KOPECKS) {
    throw new InstallmentInputError({ code: "amount_below_minimum", amount: formatBankAmount(totalKopecks, "UAH") })
  }

  const parts = chooseParts(input.data.parts_count, options)
  const { phone, source } = choosePhone(input)
  if (!input.sessionId) throw new InstallmentInputError({ code: "session_missing" })

  const lines = readCartLines(input.data.cart_lines)
  const products = (lines && toInstallmentProducts(lines, totalKopecks)) ?? wholeOrderProduct(totalKopecks, input.sessionId)

  const request: CreateOrderRequest = {
    store_order_id: input.sessionId,
    client_phone: phone,
    total_sum: toHryvnia(totalKopecks),
    invoice: {
      date: input.date,
      number: input.sessionId,
      source: options.invoiceSource,
      ...(options.pointId ? { point_id: options.pointId } : {}),
    },
    available_programs: [{ available_parts_count: [parts], type: "payment_installments" }],
    products,
    ...(input.callbackUrl ? { result_callback: input.callbackUrl } : {}),
  }
  return { request, totalKopecks, parts, phoneSource: source }
}

function chooseParts(value: unknown, options: ResolvedInstallmentsOptions): number {
  if (value === undefined || value === null || value === "") return options.defaultParts
  const parts = typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value
  if (typeof parts === "number" && options.allowedParts.includes(parts)) return parts
  throw new InstallmentInputError({
    code: "parts_not_allowed",
    parts: String(value).slice(0, 10),
    allowed: options.allowedParts,
  })
}

function choosePhone(input: OrderRequestInput): { phone: string; source: PhoneSource } {
  const candidates: [PhoneSource, unknown][] = [
    ["client_phone", input.data.client_phone],
    ["cart_billing_address", input.data.cart_billing_phone],
    ["customer_billing_address", input.customer?.billing_address?.phone],
    ["customer", input.customer?.phone],
  ]
  for (const [source, value] of candidates) {
    if (value === undefined || value === null || String(value).trim() === "") continue
    // The first phone given decides: a wrong number typed by the shopper must not be
    // silently replaced by another one from the address book.
    const result = normalizeUkrainianPhone(value)
    if (result.ok) return { phone: result.phone, source }
    throw new InstallmentInputError({ code: "phone_not_ukrainian" })
  }
  throw new InstallmentInputError({ code: "phone_missing" })
}
