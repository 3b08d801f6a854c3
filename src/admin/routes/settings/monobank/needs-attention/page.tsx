import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Button, Container, Heading, Table, Text } from "@medusajs/ui"
import { useEffect, useState } from "react"
import { adminFetch } from "../../../../lib/api"
// Types only: nothing of the server ends up in the admin bundle.
import type { AttentionRow } from "../../../../../api/admin/monobank/needs-attention/attention-list"

type Row = AttentionRow

const NeedsAttentionPage = () => {
  const [rows, setRows] = useState<Row[] | null>(null)
  // What each click did, kept above the table: a resolved row leaves the list.
  const [results, setResults] = useState<string[]>([])
  const load = () => adminFetch<{ rows: Row[] }>("/admin/monobank/needs-attention").then((r) => r.ok && setRows(r.data.rows))
  useEffect(() => {
    void load()
  }, [])

  const resolve = async (row: Row) => {
    const res = await adminFetch<{ resolved: boolean; status?: string; result?: string; message?: string }>(
      `/admin/monobank/needs-attention/${row.kind}/${row.id}/resolve`,
      { method: "POST", body: { action: row.action.resolve } }
    )
    const outcome = res.data.resolved
      ? row.action.resolve === "acknowledge"
        ? "marked as seen."
        : "resolved, the order was placed."
      : `still open (${res.data.result ?? `HTTP ${res.status}`}${res.data.message ? `: ${res.data.message}` : ""}).`
    setResults((all) => [`${row.subject}: ${outcome}`, ...all])
    void load()
  }

  return (
    <Container className="divide-y p-0">
      <div className="px-6 py-4">
        <Heading level="h1">monobank: needs attention</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          What the plugin could not settle on its own: what happened, what it already did, and what resolves it.
        </Text>
      </div>
      {results.length > 0 && (
        <div className="flex flex-col gap-1 px-6 py-4" data-testid="attention-result">
          {results.map((text, i) => (
            <Text key={i} size="small">
              {text}
            </Text>
          ))}
        </div>
      )}
      {rows && rows.length === 0 && (
        <div className="px-6 py-4">
          <Text data-testid="attention-empty">Nothing needs attention.</Text>
        </div>
      )}
      {rows && rows.length > 0 && (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>What happened</Table.HeaderCell>
              <Table.HeaderCell>What the plugin did</Table.HeaderCell>
              <Table.HeaderCell>Action</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={`${row.kind}:${row.id}`} data-testid="attention-row">
                <Table.Cell className="whitespace-normal py-2">
                  <Text size="small">{row.happened}</Text>
                  {row.medusa_order_id && (
                    <a className="text-ui-fg-interactive txt-small" href={`/app/orders/${row.medusa_order_id}`}>
                      Open order
                    </a>
                  )}
                </Table.Cell>
                <Table.Cell className="whitespace-normal py-2">
                  <Text size="small">{row.plugin_did}</Text>
                </Table.Cell>
                <Table.Cell className="whitespace-normal py-2">
                  {row.action.resolve ? (
                    <Button size="small" onClick={() => resolve(row)}>
                      {row.action.label}
                    </Button>
                  ) : (
                    <Text size="small">{row.action.label}</Text>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
    </Container>
  )
}

export const config = defineRouteConfig({ label: "monobank: needs attention" })

export default NeedsAttentionPage
