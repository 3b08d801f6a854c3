/**
 * The exact bytes of a webhook or callback body, as every signature check needs them. Medusa hands
 * a provider the body as a Buffer, but an event that went through Redis or a workflow's storage
 * arrives as JSON (`{ type: "Buffer", data: [...] }`); a test may send a string.
 */
/** Buffer, Uint8Array, string, or a Buffer that went through JSON; undefined for anything else. */
export function rawBodyBytes(value: unknown): Buffer | undefined {
  if (Buffer.isBuffer(value)) return value
  if (value instanceof Uint8Array) return Buffer.from(value)
  if (typeof value === "string") return Buffer.from(value, "utf8")
  const serialized = value as { type?: unknown; data?: unknown } | null | undefined
  if (serialized?.type === "Buffer" && Array.isArray(serialized.data)) return Buffer.from(serialized.data as number[])
  return undefined
}

/** A webhook payload whose body is a Buffer again, whatever carried it (for Medusa's payment module). */
export function withRawBodyBuffer<P extends { rawData?: unknown }>(payload: P): P {
  const bytes = rawBodyBytes(payload.rawData)
  return bytes && bytes !== payload.rawData && typeof payload.rawData !== "string" ? { ...payload, rawData: bytes } : payload
}

/** A request header by name, whatever its case; the first value when it was sent several times. */
export function headerValue(headers: Record<string, unknown> | undefined, name: string): string | undefined {
  if (!headers) return undefined
  const lower = name.toLowerCase()
  const value = headers[name] ?? headers[lower] ?? headers[Object.keys(headers).find((key) => key.toLowerCase() === lower) ?? ""]
  const first = Array.isArray(value) ? value[0] : value
  return typeof first === "string" && first.trim() !== "" ? first : undefined
}
