/** The settings page's fields per monobank API, in the order a store owner fills them in. */
export type FieldKind = "text" | "number" | "select" | "switch" | "list" | "numbers" | "secret"

export type Field = { name: string; label: string; kind: FieldKind; hint?: string; options?: { value: string; label: string }[] }

export type ApiName = "acquiring" | "installments" | "checkout"

/** A field other than a select; `hint` is shown under it. */
function fieldOf(name: string, label: string, kind: Exclude<FieldKind, "select">, hint?: string): Field {
  return hint === undefined ? { name, label, kind } : { name, label, kind, hint }
}

/** A select field; `options` maps each value to its label, in the order shown. */
function select(name: string, label: string, options: Record<string, string>): Field {
  return { name, label, kind: "select", options: Object.entries(options).map(([value, optionLabel]) => ({ value, label: optionLabel })) }
}

export const API_TITLES: Record<ApiName, string> = {
  acquiring: "Card payments (internet acquiring)",
  installments: "Installments (Покупка частинами)",
  checkout: "mono checkout",
}

export const FIELDS: Record<ApiName, Field[]> = {
  acquiring: [
    fieldOf("token", "Merchant token (X-Token)", "secret", "From the monobank business cabinet; write-only"),
    select("captureMode", "Capture mode", { manual: "Hold, capture from the admin", automatic: "Charge at once" }),
    fieldOf("invoiceValiditySeconds", "Invoice valid for (seconds)", "number"),
    fieldOf("destination", "Payment purpose", "text"),
    fieldOf("fiscalBasket", "Send the fiscal basket (PRRO)", "switch"),
    fieldOf("cardSaving", "Let customers save cards", "switch"),
    fieldOf("directCardPayments", "Card details on the store's page (payment-direct)", "switch", "Only with an active PCI DSS certificate"),
    fieldOf("syncPayments", "Synchronous payments, Apple Pay / Google Pay (sync-payment)", "switch", "Only when monobank granted your merchant sync-payment access"),
    fieldOf("code", "Submerchant code", "text"),
    fieldOf("tipsEmployeeId", "Tips employee", "text"),
  ],
  installments: [
    select("environment", "Environment", { sandbox: "Sandbox", stage: "Stage", production: "Production" }),
    fieldOf("storeId", "Store id", "text"),
    fieldOf("secret", "Secret", "secret", "Write-only"),
    fieldOf("allowedParts", "Numbers of payments offered", "numbers", "e.g. 3, 4, 6"),
    fieldOf("minOrderTotal", "Minimum order total (UAH)", "text"),
    fieldOf("maxOrderTotal", "Maximum order total (UAH)", "text"),
    fieldOf("placeOrderBeforeApproval", "Place the order before the shopper approves in the app", "switch", "The order waits for payment; a decline or timeout cancels it"),
  ],
  checkout: [
    fieldOf("token", "Merchant token (X-Token)", "secret", "Write-only"),
    fieldOf("dlv_method_list", "Delivery methods", "list", "pickup, courier, np_brnm, np_box, np_cargo"),
    fieldOf("payment_method_list", "Payment methods", "list", "card, payment_on_delivery, part_purchase"),
    fieldOf("payments_number", "Numbers of payments (installments)", "number"),
    fieldOf("hold", "Hold card payments", "switch"),
  ],
}

/** A form's text -> the value sent, or undefined for "use medusa-config.ts". */
export function toValue(field: Field, text: string): unknown {
  const trimmed = text.trim()
  if (field.kind === "switch") return trimmed === "" ? undefined : trimmed === "true"
  if (trimmed === "") return undefined
  if (field.kind === "number") return Number(trimmed)
  if (field.kind === "list") return trimmed.split(",").map((item) => item.trim()).filter(Boolean)
  if (field.kind === "numbers") return trimmed.split(",").map((item) => Number(item.trim())).filter((n) => !Number.isNaN(n))
  return trimmed
}

export function toText(value: unknown): string {
  if (value === undefined || value === null) return ""
  if (Array.isArray(value)) return value.join(", ")
  return String(value)
}
