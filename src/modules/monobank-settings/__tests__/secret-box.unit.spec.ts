import { randomBytes } from "node:crypto"
import { keyIdOf, openSecrets, parseSettingsKey, sealSecrets, settingsKeysFrom, SettingsKeyError } from "../secret-box"

const base64Key = () => randomBytes(32).toString("base64")

describe("settings secret box", () => {
  it("seals secrets so the box holds none of them and opens them with the same key", () => {
    const keys = settingsKeysFrom({ MONOBANK_SETTINGS_KEY: base64Key() })
    const box = sealSecrets({ token: "merchant-token-123456" }, keys)
    expect(box).not.toContain("merchant-token")
    expect(box).not.toContain(Buffer.from("merchant-token-123456").toString("base64"))
    expect(openSecrets(box, keys)).toEqual({ token: "merchant-token-123456" })
  })

  it("seals the same secrets differently each time (a fresh IV)", () => {
    const keys = settingsKeysFrom({ MONOBANK_SETTINGS_KEY: base64Key() })
    expect(sealSecrets({ token: "x" }, keys)).not.toEqual(sealSecrets({ token: "x" }, keys))
  })

  it("refuses to seal without a key, naming the variable", () => {
    expect(() => sealSecrets({ token: "x" }, settingsKeysFrom({}))).toThrow(/MONOBANK_SETTINGS_KEY is not set/)
  })

  it("does not open a box with another key, and detects a changed box", () => {
    const box = sealSecrets({ token: "x" }, settingsKeysFrom({ MONOBANK_SETTINGS_KEY: base64Key() }))
    expect(() => openSecrets(box, settingsKeysFrom({ MONOBANK_SETTINGS_KEY: base64Key() }))).toThrow(SettingsKeyError)
    const keys = settingsKeysFrom({ MONOBANK_SETTINGS_KEY: base64Key() })
    const parts = sealSecrets({ token: "secret-value" }, keys).split(":")
    const body = Buffer.from(parts[4], "base64")
    body[0] ^= 1
    parts[4] = body.toString("base64")
    expect(() => openSecrets(parts.join(":"), keys)).toThrow()
  })

  it("during a rotation opens boxes of the previous key and seals with the new one", () => {
    const oldKey = base64Key()
    const old = sealSecrets({ token: "x" }, settingsKeysFrom({ MONOBANK_SETTINGS_KEY: oldKey }))
    const rotated = settingsKeysFrom({ MONOBANK_SETTINGS_KEY: randomBytes(32).toString("hex"), MONOBANK_SETTINGS_PREVIOUS_KEY: oldKey })
    expect(openSecrets(old, rotated)).toEqual({ token: "x" })
    expect(keyIdOf(sealSecrets({ token: "x" }, rotated))).toBe(rotated.current!.id)
    expect(keyIdOf(old)).toBe(rotated.previous!.id)
  })

  it("accepts 32 bytes as base64 or hex and refuses anything else", () => {
    expect(parseSettingsKey(randomBytes(32).toString("hex"), "K").bytes).toHaveLength(32)
    expect(parseSettingsKey(base64Key(), "K").bytes).toHaveLength(32)
    for (const bad of ["", "short", randomBytes(16).toString("base64"), randomBytes(31).toString("hex"), "x".repeat(44)]) {
      expect(() => parseSettingsKey(bad, "MONOBANK_SETTINGS_KEY")).toThrow(/MONOBANK_SETTINGS_KEY must be 32 random bytes/)
    }
  })
})
