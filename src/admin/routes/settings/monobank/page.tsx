import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Badge, Container, Heading, Text } from "@medusajs/ui"
import { useEffect, useState } from "react"
import { adminFetch } from "../../../lib/api"
import type { ApiName } from "../../../lib/settings-fields"
import { ApiSection, type ApiSettings } from "./api-section"
import { MerchantSection } from "./merchant-section"

type SettingsAnswer = { settings_key: { ready: boolean; problem?: string }; apis: Record<ApiName, ApiSettings> }

const MonobankSettingsPage = () => {
  const [answer, setAnswer] = useState<SettingsAnswer | null>(null)
  const [attention, setAttention] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    adminFetch<SettingsAnswer>("/admin/monobank/settings").then((r) => (r.ok ? setAnswer(r.data) : setError(`HTTP ${r.status}`)))
    adminFetch<{ count: number }>("/admin/monobank/needs-attention").then((r) => r.ok && setAttention(r.data.count))
  }, [])

  return (
    <Container className="divide-y p-0">
      <div className="flex items-center justify-between px-6 py-4">
        <div>
          <Heading level="h1">monobank</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            Saved here wins over medusa-config.ts; a field left empty uses medusa-config.ts. Applies to new payment sessions at once, on every server.
          </Text>
        </div>
        <a href="/app/settings/monobank/needs-attention" data-testid="needs-attention-link">
          <Badge color={attention ? "red" : "grey"}>Needs attention: {attention ?? "…"}</Badge>
        </a>
      </div>
      {error && (
        <div className="px-6 py-4">
          <Text className="text-ui-fg-error">Could not read the settings: {error}</Text>
        </div>
      )}
      {answer && !answer.settings_key.ready && (
        <div className="px-6 py-4">
          <Text className="text-ui-fg-error">{answer.settings_key.problem}</Text>
        </div>
      )}
      {answer &&
        (Object.keys(answer.apis) as ApiName[]).map((api) => (
          <ApiSection key={api} api={api} settings={answer.apis[api]} onSaved={(s) => setAnswer((a) => (a ? { ...a, apis: { ...a.apis, [api]: s } } : a))} />
        ))}
      {answer?.apis.acquiring.available && <MerchantSection />}
    </Container>
  )
}

export const config = defineRouteConfig({ label: "monobank" })

export default MonobankSettingsPage
