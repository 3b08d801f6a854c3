import { installmentsOptionsUnder, installmentsStoresOf, type InstallmentsSettings } from "../effective-settings"

const CONFIG = { storeId: "config-store", secret: "config-secret", baseUrl: "http://emulator.test" }
const SAVED: InstallmentsSettings["stored"] = { values: { storeId: "saved-store" }, secrets: { secret: "saved-secret" } }
const KEPT = [
  { storeId: "old-store", secret: "old-secret-1", baseUrl: "https://old.example" },
  { storeId: "old-store", secret: "old-secret-2", baseUrl: "https://old.example" },
]

describe("installments options for an order's store", () => {
  const settings: InstallmentsSettings = { stored: SAVED, kept: KEPT }

  it("uses the saved store id and secret over medusa-config's when no store (or the current one) is named", () => {
    expect(installmentsOptionsUnder(CONFIG, settings)).toMatchObject({ storeId: "saved-store", secret: "saved-secret", baseUrl: CONFIG.baseUrl })
    expect(installmentsOptionsUnder(CONFIG, settings, "saved-store")).toMatchObject({ storeId: "saved-store", secret: "saved-secret" })
  })

  it("reaches an order made under medusa-config's store with medusa-config's secret after the admin moved", () => {
    expect(installmentsOptionsUnder(CONFIG, settings, "config-store")).toMatchObject({ storeId: "config-store", secret: "config-secret" })
  })

  it("reaches an order made under a store moved away from with its kept credentials, the newest kept", () => {
    expect(installmentsOptionsUnder(CONFIG, settings, "old-store")).toMatchObject({ storeId: "old-store", secret: "old-secret-2", baseUrl: "https://old.example" })
    expect(installmentsOptionsUnder({ ...CONFIG, baseUrl: undefined, environment: "sandbox" }, settings, "old-store").baseUrl).toBe("https://old.example")
  })

  it("refuses, naming the store id, an order made under a store whose secret is not kept", () => {
    expect(() => installmentsOptionsUnder(CONFIG, settings, "unknown-store")).toThrow(/store id unknown-store, whose secret this store no longer has/)
  })

  it("lists every store it can speak for, the current one first, each once", () => {
    expect(installmentsStoresOf(CONFIG, settings).map((options) => options.storeId)).toEqual(["saved-store", "config-store", "old-store"])
  })
})
