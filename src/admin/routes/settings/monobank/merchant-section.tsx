import { Button, Heading, Text } from "@medusajs/ui"
import { useEffect, useState } from "react"
import { adminFetch } from "../../../lib/api"

type List<T> = { ok: true; list: T[] } | { ok: false; reason: string }
type Merchant = {
  submerchants: List<{ code: string; edrpou?: string; iban?: string }>
  employees: List<{ id: string; name: string }>
  qr: List<{ qrId: string; shortQrId?: string; amount?: number; ccy?: number }>
}

function Rows<T>({ title, list, render }: { title: string; list?: List<T>; render: (item: T) => React.ReactNode }) {
  return (
    <div className="mt-2">
      <Text size="small" weight="plus">
        {title}
      </Text>
      {!list && <Text size="xsmall">Loading…</Text>}
      {list && !list.ok && <Text size="xsmall" className="text-ui-fg-error">{list.reason}</Text>}
      {list?.ok && list.list.length === 0 && <Text size="xsmall" className="text-ui-fg-muted">None</Text>}
      {list?.ok && list.list.map((item, i) => <div key={i}>{render(item)}</div>)}
    </div>
  )
}

export function MerchantSection() {
  const [merchant, setMerchant] = useState<Merchant | null>(null)
  const [note, setNote] = useState<string | null>(null)
  const load = () => adminFetch<Merchant>("/admin/monobank/merchant").then((r) => r.ok && setMerchant(r.data))
  useEffect(() => {
    void load()
  }, [])
  const reset = async (qrId: string) => {
    const res = await adminFetch<{ ok: boolean; reason?: string }>(`/admin/monobank/qr/${encodeURIComponent(qrId)}/reset-amount`, { method: "POST", body: {} })
    setNote(res.data.ok ? `Amount of QR cashier ${qrId} reset.` : res.data.reason ?? "Reset failed")
    void load()
  }
  return (
    <section className="px-6 py-4">
      <Heading level="h2">Merchant data from monobank</Heading>
      <Rows title="Submerchants (terminal codes)" list={merchant?.submerchants} render={(s) => <Text size="xsmall">{s.code}{s.iban ? ` · ${s.iban}` : ""}</Text>} />
      <Rows title="Employees (tips)" list={merchant?.employees} render={(e) => <Text size="xsmall">{e.name} · {e.id}</Text>} />
      <Rows
        title="QR cashiers"
        list={merchant?.qr}
        render={(q) => (
          <div className="flex items-center gap-2">
            <Text size="xsmall">
              {q.shortQrId ?? q.qrId}
              {q.amount ? ` · fixed amount ${q.amount / 100}` : " · no fixed amount"}
            </Text>
            <Button size="small" variant="transparent" onClick={() => reset(q.qrId)}>
              Reset amount
            </Button>
          </div>
        )}
      />
      {note && <Text size="xsmall">{note}</Text>}
    </section>
  )
}
