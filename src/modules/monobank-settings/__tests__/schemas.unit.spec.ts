import { fieldErrors, saveSettingsBodySchema } from "../schemas"

const errorsOf = (api: "acquiring" | "installments", body: unknown) => {
  const parsed = saveSettingsBodySchema(api).safeParse(body)
  if (parsed.success) throw new Error("expected the body to be refused")
  return fieldErrors(parsed.error)
}

describe("admin settings field errors", () => {
  it("name every wrong field by its path, with the rule it breaks", () => {
    expect(errorsOf("acquiring", { values: { captureMode: "later", invoiceValiditySeconds: 10 } })).toEqual({
      "values.captureMode": 'must be "manual" (hold, capture later) or "automatic" (charge at once)',
      "values.invoiceValiditySeconds": "must be at least 60 seconds",
    })
  })

  it("name an unknown setting by its own path", () => {
    expect(errorsOf("installments", { values: { storeID: "x" }, secrets: { secret: "short" } })).toEqual({
      "values.storeID": "is not a setting of this API",
      "secrets.secret": "is too short to be an installments secret",
    })
  })

  it("call a body that is not an object 'body'", () => {
    expect(Object.keys(errorsOf("acquiring", "nope"))).toEqual(["body"])
  })
})
