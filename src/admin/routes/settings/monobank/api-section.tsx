import { Badge, Button, Heading, Input, Label, Text, usePrompt } from "@medusajs/ui"
import { useState } from "react"
import { adminFetch } from "../../../lib/api"
import { API_TITLES, FIELDS, toText, toValue, type ApiName, type Field } from "../../../lib/settings-fields"

export type ApiSettings = {
  values: Record<string, unknown>
  secrets: Record<string, { set: true; last4?: string }>
  defaults: Record<string, unknown>
  configured_secrets: Record<string, boolean>
  bank_calls_back: { provider: string; url: string }[]
  providers: { id: string; captureMode?: string }[]
  available: boolean
}

/** How each card provider takes the money, as the order page's payment row cannot say it. */
const CAPTURE_MODE_WORDS: Record<string, string> = { manual: "holds the card, you capture", automatic: "charges at once" }

type Check = { ok: boolean; detail?: string; reason?: string; merchantName?: string }

const SELECT_CLASS =
  "bg-ui-bg-field shadow-borders-base txt-compact-small h-8 w-full rounded-md px-2 text-ui-fg-base outline-none"

function FieldInput({ field, text, onChange, secretHint }: { field: Field; text: string; onChange: (t: string) => void; secretHint?: string }) {
  const id = `field-${field.name}`
  if (field.kind === "select" || field.kind === "switch") {
    const options = field.kind === "switch" ? [{ value: "true", label: "On" }, { value: "false", label: "Off" }] : field.options ?? []
    return (
      <select id={id} name={field.name} className={SELECT_CLASS} value={text} onChange={(e) => onChange((e.target as unknown as { value: string }).value)}>
        <option value="">As in medusa-config.ts</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    )
  }
  return (
    <Input
      id={id}
      name={field.name}
      size="small"
      type={field.kind === "secret" ? "password" : "text"}
      autoComplete="off"
      placeholder={field.kind === "secret" ? secretHint ?? "not set" : undefined}
      value={text}
      onChange={(e) => onChange((e.target as unknown as { value: string }).value)}
    />
  )
}

export function ApiSection({ api, settings, onSaved }: { api: ApiName; settings: ApiSettings; onSaved: (s: ApiSettings) => void }) {
  const fields = FIELDS[api]
  const initial = () => Object.fromEntries(fields.map((f) => [f.name, f.kind === "secret" ? "" : toText(settings.values[f.name])]))
  const [texts, setTexts] = useState<Record<string, string>>(initial)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [message, setMessage] = useState<{ tone: "ok" | "error"; text: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const prompt = usePrompt()

  const body = (secretsOnlyTyped: boolean) => {
    const values: Record<string, unknown> = {}
    const secrets: Record<string, string> = {}
    for (const field of fields) {
      if (field.kind === "secret") {
        if (texts[field.name].trim()) secrets[field.name] = texts[field.name].trim()
      } else {
        const value = toValue(field, texts[field.name])
        if (value !== undefined) values[field.name] = value
      }
    }
    return secretsOnlyTyped ? { values, secrets } : { values, secrets }
  }

  const save = async () => {
    setBusy(true)
    setMessage(null)
    const post = (extra: Record<string, unknown> = {}) =>
      adminFetch<{ settings?: ApiSettings; errors?: Record<string, string>; message?: string }>(`/admin/monobank/settings/${api}`, {
        method: "POST",
        body: { ...body(true), ...extra },
      })
    let res = await post()
    // Another installments store id or environment while orders made under the current one are open.
    const prompted = { title: "Installment orders are still open", description: res.data.message ?? "", confirmText: "Save anyway", cancelText: "Keep the current store" }
    if (res.status === 409 && (await prompt(prompted))) res = await post({ confirm_open_orders: true })
    setBusy(false)
    if (res.ok && res.data.settings) {
      setErrors({})
      setTexts((t) => ({ ...t, ...Object.fromEntries(fields.filter((f) => f.kind === "secret").map((f) => [f.name, ""])) }))
      onSaved(res.data.settings)
      setMessage({ tone: "ok", text: "Saved. New payment sessions use these settings." })
    } else {
      setErrors(Object.fromEntries(Object.entries(res.data.errors ?? {}).map(([k, v]) => [k.replace(/^(values|secrets)\./, ""), v])))
      setMessage({ tone: "error", text: res.data.message ?? `Not saved (HTTP ${res.status})` })
    }
  }

  const removeSecret = async (name: string) => {
    const res = await adminFetch<{ settings?: ApiSettings }>(`/admin/monobank/settings/${api}`, {
      method: "POST",
      body: { values: body(true).values, secrets: { [name]: null } },
    })
    if (res.ok && res.data.settings) onSaved(res.data.settings)
  }

  const test = async () => {
    setBusy(true)
    setMessage(null)
    const res = await adminFetch<Check & { errors?: Record<string, string> }>(`/admin/monobank/settings/${api}/test`, { method: "POST", body: body(true) })
    setBusy(false)
    if (res.ok && res.data.ok) setMessage({ tone: "ok", text: `Connection works. ${res.data.detail ?? ""}` })
    else setMessage({ tone: "error", text: `Connection failed. ${res.data.reason ?? "See the fields above."}` })
  }

  return (
    <section className="px-6 py-4" data-testid={`monobank-settings-${api}`}>
      <div className="flex items-center justify-between">
        <Heading level="h2">{API_TITLES[api]}</Heading>
        {!settings.available && <Badge color="grey">Not set up in medusa-config.ts</Badge>}
      </div>
      {settings.providers.length > 0 && (
        <Text size="small" className="text-ui-fg-subtle">
          Providers: {settings.providers.map((p) => (p.captureMode ? `${p.id} (${CAPTURE_MODE_WORDS[p.captureMode] ?? p.captureMode})` : p.id)).join(", ")}
        </Text>
      )}
      <div className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2">
        {fields.map((field) => {
          const hint = settings.secrets[field.name]
          const configured = field.kind === "secret" ? (settings.configured_secrets[field.name] ? "set in medusa-config.ts" : "not set") : toText(settings.defaults[field.name]) || "—"
          return (
            <div key={field.name} className="flex flex-col gap-1">
              <Label htmlFor={`field-${field.name}`} size="small" weight="plus">
                {field.label}
              </Label>
              <FieldInput
                field={field}
                text={texts[field.name]}
                onChange={(t) => setTexts((all) => ({ ...all, [field.name]: t }))}
                secretHint={hint ? `set${hint.last4 ? ` (…${hint.last4})` : ""}: type to replace` : undefined}
              />
              {field.kind === "secret" && hint && (
                <div className="flex items-center gap-2">
                  <Badge color="green" size="2xsmall">
                    Saved: set{hint.last4 ? `, ends in ${hint.last4}` : ""}
                  </Badge>
                  <Button size="small" variant="transparent" onClick={() => removeSecret(field.name)}>
                    Remove
                  </Button>
                </div>
              )}
              <Text size="xsmall" className="text-ui-fg-muted">
                {field.hint ? `${field.hint}. ` : ""}Default: {configured}
              </Text>
              {errors[field.name] && (
                <Text size="xsmall" className="text-ui-fg-error" data-testid={`error-${field.name}`}>
                  {field.label} {errors[field.name]}
                </Text>
              )}
            </div>
          )
        })}
      </div>
      <div className="mt-4 flex items-center gap-2">
        <Button size="small" onClick={save} isLoading={busy} data-testid={`save-${api}`}>
          Save
        </Button>
        <Button size="small" variant="secondary" onClick={test} disabled={busy} data-testid={`test-${api}`}>
          Test connection
        </Button>
      </div>
      {message && (
        <Text size="small" className={`mt-2 ${message.tone === "ok" ? "text-ui-fg-interactive" : "text-ui-fg-error"}`} data-testid={`message-${api}`}>
          {message.text}
        </Text>
      )}
      {settings.bank_calls_back.length > 0 && (
        <div className="mt-4">
          <Text size="small" weight="plus">
            Addresses this store gives the bank
          </Text>
          {settings.bank_calls_back.map((c) => (
            <Text key={c.provider} size="xsmall" className="text-ui-fg-subtle font-mono">
              {c.provider}: {c.url}
            </Text>
          ))}
        </div>
      )}
    </section>
  )
}
