/** The settings page's fields per monobank API, in the order a store owner fills them in. */
export type FieldKind = "text" | "number" | "select" | "switch" | "list" | "numbers" | "secret"

export type Field = { name: string; label: string; kind: FieldKind; hint?: string; options?: { value: string; label: string }[] }

export type ApiName = "acquiring" | "installments" | "checkout"

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
    { name: "token", label: "Merchant token (X-Token)", kind: "secret", hint: "From the monobank business cabinet; write-only" },
    select("captureMode", "Capture mode", { manual: "Hold, capture from the admin", automatic: "Charge at once" }),
    { name: "invoiceValiditySeconds", label: "Invoice valid for (seconds)", kind: "number" },
    { name: "destination", label: "Payment purpose", kind: "text" },
    { name: "fiscalBasket", label: "Send the fiscal basket (PRRO)", kind: "switch" },
    { name: "cardSaving", label: "Let customers save cards", kind: "switch" },
    {
      name: "directCardPayments",
      label: "Card details on the store's page (payment-direct)",
      kind: "switch",
      hint: "Only with an active PCI DSS certificate",
    },
    {
      name: "syncPayments",
      label: "Synchronous payments, Apple Pay / Google Pay (sync-payment)",
      kind: "switch",
      hint: "Only when monobank granted your merchant sync-payment access",
    },
    { name: "code", label: "Submerchant code", kind: "text" },
    { name: "tipsEmployeeId", label: "Tips employee", kind: "text" },
  ],
  installments: [
    select("environment", "Environment", { sandbox: "Sandbox", stage: "Stage", production: "Production" }),
    { name: "storeId", label: "Store id", kind: "text" },
    { name: "secret", label: "Secret", kind: "secret", hint: "Write-only" },
    { name: "allowedParts", label: "Numbers of payments offered", kind: "numbers", hint: "e.g. 3, 4, 6" },
    { name: "minOrderTotal", label: "Minimum order total (UAH)", kind: "text" },
    { name: "maxOrderTotal", label: "Maximum order total (UAH)", kind: "text" },
    {
      name: "placeOrderBeforeApproval",
      label: "Place the order before the shopper approves in the app",
      kind: "switch",
      hint: "The order waits for payment; a decline or timeout cancels it",
    },
  ],
  checkout: [
    { name: "token", label: "Merchant token (X-Token)", kind: "secret", hint: "Write-only" },
    { name: "dlv_method_list", label: "Delivery methods", kind: "list", hint: "pickup, courier, np_brnm, np_box, np_cargo" },
    { name: "payment_method_list", label: "Payment methods", kind: "list", hint: "card, payment_on_delivery, part_purchase" },
    { name: "payments_number", label: "Numbers of payments (installments)", kind: "number" },
    { name: "hold", label: "Hold card payments", kind: "switch" },
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
