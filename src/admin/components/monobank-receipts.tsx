/**
 * The "Receipts" part of the order widget for one card payment: the bank's fiscal checks (type,
 * status, id, link to the check at the tax service) and a link that downloads the bank's own
 * payment receipt through the plugin's admin route (the merchant token never reaches the browser).
 */
import { Badge, Text } from "@medusajs/ui"
import type { ReceiptFacts } from "../../api/admin/monobank/orders/order-facts-response"

/** Badge colour per check status the bank publishes; any other status is grey. */
const STATUS_COLOR: Record<string, "green" | "orange" | "red" | "grey"> = { done: "green", new: "orange", process: "orange", failed: "red" }

const linkClass = "text-ui-fg-interactive hover:text-ui-fg-interactive-hover"

export function MonobankReceipts({ receipts }: { receipts: ReceiptFacts }) {
  return (
    <div data-testid="monobank-receipts">
      <Text size="small" className="text-ui-fg-subtle">Receipts</Text>
      {!receipts.available && (
        <Text size="xsmall" className="text-ui-fg-error">{receipts.reason ?? "Receipts unavailable"}</Text>
      )}
      {receipts.available && receipts.fiscal_checks.length === 0 && (
        <Text size="xsmall" className="text-ui-fg-subtle">No fiscal checks (fiscalization is off at the bank, or not done yet).</Text>
      )}
      {receipts.fiscal_checks.map((check, i) => (
        <div key={check.id ?? i} className="flex flex-wrap items-center gap-x-2">
          <Text size="xsmall" weight="plus">{check.type_label}</Text>
          <Badge size="2xsmall" color={STATUS_COLOR[check.status ?? ""] ?? "grey"}>{check.status_label}</Badge>
          {check.id && <Text size="xsmall" className="text-ui-fg-subtle">{check.id}</Text>}
          {check.tax_url && (
            <a className={linkClass} href={check.tax_url} target="_blank" rel="noreferrer noopener">
              <Text size="xsmall">Check at the tax service</Text>
            </a>
          )}
          {check.status_description && <Text size="xsmall" className="text-ui-fg-subtle">{check.status_description}</Text>}
        </div>
      ))}
      <a className={linkClass} href={receipts.bank_receipt_url} target="_blank" rel="noopener">
        <Text size="xsmall">Bank receipt (PDF)</Text>
      </a>
    </div>
  )
}
