import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { DetailWidgetProps, AdminOrder } from "@medusajs/framework/types"
import { Badge, Button, Container, Heading, Text } from "@medusajs/ui"
import { useEffect, useState } from "react"
import { adminFetch } from "../lib/api"
import { MonobankReceipts } from "../components/monobank-receipts"
import { MonobankPaymentLink } from "../components/monobank-payment-link"
import type { PaymentLinkFacts } from "../../workflows/payment-link/payment-link"
import type { OrderFactsResponse as Facts, OrderSyncResponse } from "../../api/admin/monobank/orders/order-facts-response"

const Fact = ({ label, value }: { label: string; value: React.ReactNode }) =>
  value ? (
    <div className="flex justify-between gap-2">
      <Text size="small" className="text-ui-fg-subtle">{label}</Text>
      <Text size="small" className="text-right">{value}</Text>
    </div>
  ) : null

const MonobankOrderWidget = ({ data: order }: DetailWidgetProps<AdminOrder>) => {
  const [facts, setFacts] = useState<Facts | null>(null)
  const [note, setNote] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [link, setLink] = useState<PaymentLinkFacts | null>(null)

  useEffect(() => {
    adminFetch<Facts>(`/admin/monobank/orders/${order.id}`).then((r) => r.ok && setFacts(r.data))
    adminFetch<{ payment_link: PaymentLinkFacts }>(`/admin/monobank/orders/${order.id}/payment-link`).then((r) => r.ok && setLink(r.data.payment_link))
  }, [order.id])

  // A link is offered when the order owes something and a monobank card provider can take it.
  const offersLink = Boolean(link && (link.link || (link.due && !link.unavailable_because)))
  if (!facts || (!facts.monobank && !offersLink)) return null

  const sync = async () => {
    setBusy(true)
    const res = await adminFetch<OrderSyncResponse>(`/admin/monobank/orders/${order.id}/sync`, { method: "POST", body: {} })
    setBusy(false)
    if (res.ok) {
      setFacts({ ...res.data.facts, needs_attention: facts.needs_attention })
      setNote(res.data.outcomes.map((o) => `${o.what}: ${o.detail}`).join(" ") || "Nothing to sync.")
    } else setNote(`Sync failed (HTTP ${res.status}). Reload the page to see what was applied.`)
  }

  return (
    <Container className="divide-y p-0" data-testid="monobank-order-widget">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">monobank</Heading>
        {facts.needs_attention.length > 0 && <Badge color="red">Needs attention</Badge>}
      </div>
      {facts.payments.map((p) => (
        <div key={p.payment_id} className="flex flex-col gap-1 px-6 py-4">
          <Text weight="plus">{p.method}</Text>
          <Fact label={p.bank_id?.label ?? "Bank id"} value={p.bank_id?.value} />
          <Fact label="Bank status" value={p.bank_status && <Badge size="2xsmall" data-testid="bank-status">{p.bank_status}{p.bank_sub_state ? ` / ${p.bank_sub_state}` : ""}</Badge>} />
          {p.meaning && <Text size="xsmall" className="text-ui-fg-subtle">{p.meaning}</Text>}
          {p.capture_means && (
            <Text size="xsmall" className="text-ui-fg-base rounded-md bg-ui-bg-subtle p-2" data-testid="capture-means">
              {p.capture_means}
            </Text>
          )}
          <Fact label="Card" value={p.masked_card} />
          <Fact label="Payment system" value={p.payment_system} />
          <Fact label="Bank fee" value={p.fee} />
          <Fact
            label="Hold expires"
            value={p.hold_expires_at && <span className={p.hold_expires_soon ? "text-ui-fg-error" : ""}>{new Date(p.hold_expires_at).toLocaleString()}{p.hold_expires_soon ? " (less than 2 days: capture now)" : ""}</span>}
          />
          {p.refunds && p.refunds.length > 0 && (
            <div>
              <Text size="small" className="text-ui-fg-subtle">Refunds at the bank</Text>
              {p.refunds.map((r, i) => (
                <Text key={i} size="xsmall">{r.amount} · {r.status}{r.date ? ` · ${new Date(r.date).toLocaleString()}` : ""}</Text>
              ))}
            </div>
          )}
          {p.receipts && <MonobankReceipts receipts={p.receipts} />}
          {p.stale_reason && <Text size="xsmall" className="text-ui-fg-error">{p.stale_reason}</Text>}
        </div>
      ))}
      {facts.unpaid_installments.map((u) => (
        <div key={u.session_id} className="flex flex-col gap-1 px-6 py-4" data-testid="monobank-unpaid-installment">
          <Text weight="plus">{u.session_status === "pending_authorization" ? "Installments, awaiting the shopper's approval in the app" : "Installments, not paid"}</Text>
          <Fact label="Installment order" value={u.bank_id} />
          <Fact label="Bank status" value={u.bank_status && <Badge size="2xsmall">{u.bank_status}{u.bank_sub_state ? ` / ${u.bank_sub_state}` : ""}</Badge>} />
          {u.meaning && <Text size="xsmall" className="text-ui-fg-subtle">{u.meaning}</Text>}
          {u.canceled_because && <Text size="xsmall" className="text-ui-fg-error">Order cancelled: {u.canceled_because}</Text>}
        </div>
      ))}
      {facts.checkout && (
        <div className="flex flex-col gap-1 px-6 py-4">
          <Text weight="plus">mono checkout{facts.checkout.payment_method ? `, ${facts.checkout.payment_method}` : ""}</Text>
          <Fact label="Checkout order" value={facts.checkout.checkout_order_id} />
          <Fact label="Bank status" value={facts.checkout.general_status} />
          <Fact label="Delivery" value={facts.checkout.delivery_method} />
          {facts.checkout.delivery &&
            Object.entries(facts.checkout.delivery).map(([k, v]) => <Fact key={k} label={k.replace(/^delivery_/, "").replaceAll("_", " ")} value={String(v)} />)}
          {facts.checkout.error && <Text size="xsmall" className="text-ui-fg-error">{facts.checkout.error}</Text>}
        </div>
      )}
      {link && offersLink && <MonobankPaymentLink orderId={order.id} facts={link} onChange={setLink} />}
      {facts.needs_attention.map((row, i) => (
        <div key={i} className="px-6 py-2">
          <Text size="xsmall" className="text-ui-fg-error">{row.happened}</Text>
        </div>
      ))}
      <div className="flex flex-col gap-2 px-6 py-4">
        <Button size="small" variant="secondary" onClick={sync} isLoading={busy} data-testid="monobank-sync">
          Sync with bank
        </Button>
        {note && <Text size="xsmall" data-testid="monobank-sync-note">{note}</Text>}
      </div>
    </Container>
  )
}

export const config = defineWidgetConfig({ zone: "order.details.side.after" })

export default MonobankOrderWidget
