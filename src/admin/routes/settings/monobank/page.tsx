import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Badge, Container, Heading, Table, Text } from "@medusajs/ui"
import { useEffect, useState } from "react"

type ApiReport = {
  configured: boolean
  /** mono checkout: orders paid at the bank that could not become Medusa orders. */
  needsAttention?: number
  providers: { id: string; module: string; baseUrl: string | null; credentialsPresent: boolean }[]
}
type Health = { plugin: { name: string; version: string }; apis: Record<string, ApiReport> }

const API_TITLES: Record<string, string> = {
  acquiring: "Card payments (internet acquiring)",
  installments: "Installments (Покупка частинами)",
  checkout: "mono checkout",
}

const MonobankSettingsPage = () => {
  const [health, setHealth] = useState<Health | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    fetch("/admin/monobank/health", { credentials: "include" })
      .then(async (res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`)
        setHealth((await res.json()) as Health)
      })
      .catch((e: Error) => setError(e.message))
  }, [])

  return (
    <Container className="divide-y p-0">
      <div className="px-6 py-4">
        <Heading level="h1">monobank</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {health ? `${health.plugin.name} ${health.plugin.version}` : "Which monobank APIs this store uses"}
        </Text>
      </div>
      {error && (
        <div className="px-6 py-4">
          <Text className="text-ui-fg-error">Could not read the configuration: {error}</Text>
        </div>
      )}
      {health && (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>API</Table.HeaderCell>
              <Table.HeaderCell>Status</Table.HeaderCell>
              <Table.HeaderCell>Providers</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {Object.entries(health.apis).map(([name, api]) => (
              <Table.Row key={name}>
                <Table.Cell>{API_TITLES[name] ?? name}</Table.Cell>
                <Table.Cell>
                  <Badge color={api.configured ? "green" : "grey"}>
                    {api.configured ? "Configured" : "Not configured"}
                  </Badge>
                  {!!api.needsAttention && (
                    <Badge color="red" className="ml-2">
                      {api.needsAttention} paid {api.needsAttention === 1 ? "order needs" : "orders need"} attention
                    </Badge>
                  )}
                </Table.Cell>
                <Table.Cell>
                  {api.providers.map((p) => `${p.id}${p.baseUrl ? ` → ${p.baseUrl}` : ""}`).join(", ") || "—"}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
    </Container>
  )
}

export const config = defineRouteConfig({ label: "monobank" })

export default MonobankSettingsPage
