import { Badge, Button, Text } from "@medusajs/ui"
import { useState } from "react"
import { adminFetch } from "../lib/api"
import type { MakePaymentLinkResult, PaymentLinkFacts, PaymentLinkView } from "../../workflows/payment-link/payment-link"

const STATE_BADGE = {
  waiting: { color: "orange", label: "Waiting for payment" },
  paid: { color: "green", label: "Paid" },
  ended: { color: "grey", label: "No longer payable" },
} as const satisfies Record<PaymentLinkView["state"], { color: "orange" | "green" | "grey"; label: string }>

/** The order's payment link: make one for what the order owes, copy it, send it to the shopper. */
export const MonobankPaymentLink = ({ orderId, facts, onChange }: { orderId: string; facts: PaymentLinkFacts; onChange: (facts: PaymentLinkFacts) => void }) => {
  const [providerId, setProviderId] = useState(facts.providers[0] ?? "")
  const [busy, setBusy] = useState<"make" | "send" | null>(null)
  const [note, setNote] = useState<string | null>(null)
  const link = facts.link
  const linkFitsDue = link?.state === "waiting" && link.amount === facts.due

  const post = async (what: "make" | "send") => {
    setBusy(what)
    setNote(null)
    const res = await adminFetch<MakePaymentLinkResult & { message?: string }>(`/admin/monobank/orders/${orderId}/payment-link`, {
      method: "POST",
      body: what === "send" ? { send: true, ...(link ? { provider_id: link.provider_id } : {}) } : { provider_id: providerId },
    })
    setBusy(null)
    if (!res.ok) return setNote(res.data.message ?? `The payment link could not be made (HTTP ${res.status}).`)
    onChange(res.data.payment_link)
    if (res.data.sent_to) setNote(`Sent to ${res.data.sent_to}.`)
  }

  const copy = async () => {
    if (!link) return
    // The admin runs in a browser; the server's type check knows no DOM.
    const clipboard = (globalThis as { navigator?: { clipboard?: { writeText(text: string): Promise<void> } } }).navigator?.clipboard
    await clipboard?.writeText(link.url).catch(() => undefined)
    setNote("Link copied.")
  }

  return (
    <div className="flex flex-col gap-2 px-6 py-4" data-testid="monobank-payment-link">
      <Text weight="plus">Payment link</Text>
      {facts.due && (
        <Text size="small" data-testid="monobank-payment-link-due">
          The order owes <strong>{facts.due}</strong>.
        </Text>
      )}
      {link && (
        <div className="flex flex-col gap-1">
          <div className="flex items-center justify-between gap-2">
            <Text size="small" className="text-ui-fg-subtle">{link.amount}</Text>
            <Badge size="2xsmall" color={STATE_BADGE[link.state].color} data-testid="monobank-payment-link-state">{STATE_BADGE[link.state].label}</Badge>
          </div>
          {link.state === "waiting" && (
            <>
              <input
                readOnly
                value={link.url}
                onFocus={(event) => (event.currentTarget as unknown as { select(): void }).select()}
                className="bg-ui-bg-field txt-compact-small rounded-md border px-2 py-1"
                data-testid="monobank-payment-link-url"
              />
              {link.expires_at && <Text size="xsmall" className="text-ui-fg-subtle">Can be paid until {new Date(link.expires_at).toLocaleString()}</Text>}
              <div className="flex gap-2">
                <Button size="small" variant="secondary" onClick={copy} data-testid="monobank-payment-link-copy">Copy link</Button>
                {facts.can_send && (
                  <Button size="small" variant="secondary" onClick={() => post("send")} isLoading={busy === "send"} data-testid="monobank-payment-link-send">
                    Send to {facts.email}
                  </Button>
                )}
              </div>
            </>
          )}
        </div>
      )}
      {facts.due && !facts.unavailable_because && !linkFitsDue && (
        <div className="flex items-center gap-2">
          {facts.providers.length > 1 && (
            <select
              value={providerId}
              onChange={(event) => setProviderId((event.target as unknown as { value: string }).value)}
              className="bg-ui-bg-field txt-compact-small rounded-md border px-2 py-1"
              data-testid="monobank-payment-link-provider"
            >
              {facts.providers.map((id) => (
                <option key={id} value={id}>{id.replace(/^pp_/, "")}</option>
              ))}
            </select>
          )}
          <Button size="small" onClick={() => post("make")} isLoading={busy === "make"} data-testid="monobank-payment-link-create">
            {link?.state === "waiting" ? "Replace with a link for the new amount" : "Create payment link"}
          </Button>
        </div>
      )}
      {note && <Text size="xsmall" data-testid="monobank-payment-link-note">{note}</Text>}
    </div>
  )
}
