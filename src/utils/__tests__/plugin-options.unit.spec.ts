import { z } from "zod"
import { formatOptionProblems, optionProblems, parsePluginOptions, PluginOptionsError } from "../plugin-options"

const schema = z.strictObject({
  capture: z.enum(["auto", "manual"], { error: 'must be "auto" or "manual"' }),
  invoiceValidity: z.number().int({ error: "must be a whole number" }).positive({ error: "must be positive" }).default(60),
  nested: z.strictObject({ parts: z.array(z.number().min(3, { error: "must be at least 3" })) }).optional(),
})

const failureOf = (input: unknown, context = { subject: "demo: invalid options" as string, pathPrefix: undefined as string | undefined }) => {
  try {
    parsePluginOptions(schema, input, context)
  } catch (error) {
    return error as PluginOptionsError
  }
  throw new Error("expected the options to be refused")
}

describe("plugin options", () => {
  it("return the parsed options with defaults when they are valid", () => {
    expect(parsePluginOptions(schema, { capture: "auto" }, { subject: "demo" })).toEqual({ capture: "auto", invoiceValidity: 60 })
  })

  it("read missing options as an empty object", () => {
    expect(failureOf(undefined).problems).toEqual([{ path: "capture", rule: 'must be "auto" or "manual"' }])
  })

  it("list every problem as '<option path>: <rule>' in one error", () => {
    const error = failureOf({ capture: "later", invoiceValidity: 1.5, nested: { parts: [3, 2] }, captur: "auto" })
    expect(error).toBeInstanceOf(PluginOptionsError)
    expect(error.message).toBe(
      'demo: invalid options: capture: must be "auto" or "manual"; invoiceValidity: must be a whole number; ' +
        "nested.parts.1: must be at least 3; captur: is not a known option (check its spelling)"
    )
  })

  it("put a prefix before every path for options read under a key, and name the root by it", () => {
    expect(failureOf({ capture: "x", extra: 1 }, { subject: "demo", pathPrefix: "checkout" }).problems.map((p) => p.path)).toEqual([
      "checkout.capture",
      "checkout.extra",
    ])
    expect(failureOf("not an object", { subject: "demo", pathPrefix: "checkout" }).problems.map((p) => p.path)).toEqual(["checkout"])
    expect(failureOf("not an object").problems.map((p) => p.path)).toEqual(["options"])
  })

  it("append a hint after the problems", () => {
    expect(() => parsePluginOptions(schema, {}, { subject: "demo", hint: "See the demo guide." })).toThrow(
      'demo: capture: must be "auto" or "manual". See the demo guide.'
    )
  })

  it("share the problem list with other forms of report", () => {
    const parsed = schema.safeParse({ capture: "auto", typo: 1 })
    expect(parsed.success).toBe(false)
    const problems = optionProblems(parsed.error!, { unknownKeyRule: "is not a setting" })
    expect(problems).toEqual([{ path: "typo", rule: "is not a setting" }])
    expect(formatOptionProblems(problems)).toBe("typo: is not a setting")
  })
})
