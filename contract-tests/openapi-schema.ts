/**
 * Reads the bank's published OpenAPI 3.0 documents and turns their response schemas into JSON
 * Schema (draft-07) for ajv: `$ref` to components becomes `definitions`, `nullable` becomes a
 * union with null, the 3.0 boolean `exclusiveMinimum` becomes the draft-07 form, and
 * documentation-only keywords are dropped. Objects are closed (additionalProperties: false) so a
 * field the emulator invents fails, except for the few extras listed in KNOWN_EXTRA_FIELDS.
 */
import fs from "node:fs"
import path from "node:path"

export type OpenApiDocument = {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>
  components?: { schemas?: Record<string, unknown> }
}

/** The folder of the bank's published OpenAPI files, given by CI. */
export const SPEC_DIR = process.env.MONOBANK_SPEC_DIR ?? ""

export function loadSpec(name: "acquiring" | "installments"): OpenApiDocument {
  if (!SPEC_DIR) throw new Error("MONOBANK_SPEC_DIR is not set: it names the folder of the bank's published OpenAPI files")
  return JSON.parse(fs.readFileSync(path.join(SPEC_DIR, `${name}.json`), "utf8"))
}

/**
 * Places where the published document contradicts itself; each is corrected, never silently:
 * - WalletItem lists `extRef` and `status` as required but does not declare them (and the interface
 *   description shows only cardToken, maskedPan, country): these two required names are dropped.
 * - MerchantStatementItem requires `profit` but declares only `profitAmount`. Nothing else says which
 *   one the bank sends, so the required name stays required (a statement without `profit` fails)
 *   and is declared with the declared field's schema; `profitAmount` stays allowed.
 * - OrderShortInfo.source has one enum value "INTERNET,STORE,CHECKOUT,MARKETPLACE": split on commas.
 * Any other required name without a property is kept required (any value), so a gap is never hidden.
 */
export const SPEC_ERRATA = [
  "WalletItem: required extRef and status without a property are ignored",
  "MerchantStatementItem: required profit is declared like profitAmount",
  "comma-joined single enum values are split",
]

/** Required names the document does not declare that are dropped (schema -> names). */
const UNDECLARED_REQUIRED_DROPPED: Record<string, string[]> = { WalletItem: ["extRef", "status"] }
/** Required names the document does not declare that take a declared field's schema (schema -> name -> field). */
const UNDECLARED_REQUIRED_LIKE: Record<string, Record<string, string>> = { MerchantStatementItem: { profit: "profitAmount" } }

/** Fields the emulator sends beyond a schema, with the reason. */
export const KNOWN_EXTRA_FIELDS: Record<string, string[]> = {
  // the interface description documents tipsInfo on the status record; the OpenAPI schema omits it
  InvoiceStatusResponse: ["tipsInfo"],
}

const DOC_ONLY = new Set(["example", "examples", "deprecated", "xml", "externalDocs", "discriminator", "readOnly", "writeOnly", "title", "description"])

export function toJsonSchema(spec: OpenApiDocument, schema: unknown): Record<string, unknown> {
  const definitions: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(spec.components?.schemas ?? {})) {
    definitions[name] = convert(value, name)
  }
  return { ...(convert(schema) as object), definitions }
}

function convert(node: unknown, schemaName?: string): unknown {
  if (Array.isArray(node)) return node.map((item) => convert(item))
  if (node === null || typeof node !== "object") return node
  const source = node as Record<string, unknown>
  if (typeof source.$ref === "string") {
    return { $ref: source.$ref.replace("#/components/schemas/", "#/definitions/") }
  }
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(source)) {
    if (DOC_ONLY.has(key)) continue
    if (key === "properties") {
      out.properties = Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([name, property]) => [name, convert(property)])
      )
    } else if (key === "nullable" || key === "exclusiveMinimum" || key === "exclusiveMaximum") {
      continue
    } else {
      out[key] = convert(value)
    }
  }
  if (source.exclusiveMinimum === true && typeof source.minimum === "number") {
    out.exclusiveMinimum = source.minimum
    delete out.minimum
  }
  if (Array.isArray(out.enum) && out.enum.length === 1 && typeof out.enum[0] === "string" && out.enum[0].includes(",")) {
    out.enum = out.enum[0].split(",")
  }
  if (out.type === "object" || out.properties) {
    const properties = (out.properties ?? {}) as Record<string, unknown>
    if (Array.isArray(out.required)) {
      const dropped = UNDECLARED_REQUIRED_DROPPED[schemaName ?? ""] ?? []
      const like = UNDECLARED_REQUIRED_LIKE[schemaName ?? ""] ?? {}
      out.required = out.required.filter((name: string) => Object.hasOwn(properties, name) || !dropped.includes(name))
      for (const name of out.required as string[]) {
        if (!Object.hasOwn(properties, name)) properties[name] = like[name] ? properties[like[name]] : {}
      }
      if (out.properties) out.properties = properties
    }
    if (out.properties && out.additionalProperties === undefined) {
      const extras = KNOWN_EXTRA_FIELDS[schemaName ?? ""] ?? []
      if (extras.length === 0) {
        out.additionalProperties = false
      } else {
        out.patternProperties = { [`^(${extras.join("|")})$`]: {} }
        out.additionalProperties = false
      }
    }
  }
  if (source.nullable === true) {
    return { anyOf: [out, { type: "null" }] }
  }
  return out
}

/** The response schema the document declares for method + path (query part of the path key ignored) + status. */
export function responseSchema(spec: OpenApiDocument, method: string, requestPath: string, status: number): unknown {
  const entry = Object.entries(spec.paths).find(([key]) => key.split("?")[0] === requestPath)
  if (!entry) throw new Error(`the published document has no path ${requestPath}`)
  const operation = entry[1][method.toLowerCase()]
  if (!operation) throw new Error(`the published document has no ${method} ${requestPath}`)
  const response = operation.responses?.[String(status)]
  if (!response) {
    const declared = Object.keys(operation.responses ?? {}).join(", ")
    throw new Error(`${method} ${requestPath} answered ${status}, which the document does not declare (${declared})`)
  }
  const content = response.content ?? {}
  const media = content["application/json"] ?? content["*/*"] ?? Object.values(content)[0]
  return media?.schema ?? {}
}
