/**
 * Secrets saved in the admin are encrypted at rest with AES-256-GCM under a key from the
 * environment. A box names the key that sealed it (first 8 hex digits of the key's SHA-256), so
 * a store can rotate: the new key in MONOBANK_SETTINGS_KEY, the old one in
 * MONOBANK_SETTINGS_PREVIOUS_KEY until every box was sealed again (docs/admin.md).
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto"

export const SETTINGS_KEY_ENV = "MONOBANK_SETTINGS_KEY"
export const PREVIOUS_SETTINGS_KEY_ENV = "MONOBANK_SETTINGS_PREVIOUS_KEY"

const BOX_VERSION = "v1"
const IV_BYTES = 12

export class SettingsKeyError extends Error {
  override readonly name = "SettingsKeyError"
}

type SettingsKey = { id: string; bytes: Buffer }

/** 32 bytes, written as 64 hex digits or as base64 (`openssl rand -base64 32`). */
export function parseSettingsKey(text: string, envName: string): SettingsKey {
  const value = text.trim()
  const bytes = /^[0-9a-fA-F]{64}$/.test(value)
    ? Buffer.from(value, "hex")
    : /^[A-Za-z0-9+/]{43}=?$/.test(value)
      ? Buffer.from(value, "base64")
      : Buffer.alloc(0)
  if (bytes.length !== 32) {
    throw new SettingsKeyError(`${envName} must be 32 random bytes, as 64 hex digits or base64 (openssl rand -base64 32)`)
  }
  return { id: createHash("sha256").update(bytes).digest("hex").slice(0, 8), bytes }
}

export type SettingsKeys = { current?: SettingsKey; previous?: SettingsKey }

export function settingsKeysFrom(env: Record<string, string | undefined>): SettingsKeys {
  return {
    current: env[SETTINGS_KEY_ENV] ? parseSettingsKey(env[SETTINGS_KEY_ENV]!, SETTINGS_KEY_ENV) : undefined,
    previous: env[PREVIOUS_SETTINGS_KEY_ENV]
      ? parseSettingsKey(env[PREVIOUS_SETTINGS_KEY_ENV]!, PREVIOUS_SETTINGS_KEY_ENV)
      : undefined,
  }
}

export function sealSecrets(secrets: Record<string, string>, keys: SettingsKeys): string {
  if (!keys.current) {
    throw new SettingsKeyError(
      `${SETTINGS_KEY_ENV} is not set: secrets saved in the admin are encrypted with it. Set it to 32 random bytes (openssl rand -base64 32) on every server and restart, then save again.`
    )
  }
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv("aes-256-gcm", keys.current.bytes, iv)
  const sealed = Buffer.concat([cipher.update(JSON.stringify(secrets), "utf8"), cipher.final()])
  return [BOX_VERSION, keys.current.id, iv.toString("base64"), cipher.getAuthTag().toString("base64"), sealed.toString("base64")].join(":")
}

export function openSecrets(box: string, keys: SettingsKeys): Record<string, string> {
  const [version, keyId, iv, tag, sealed] = box.split(":")
  if (version !== BOX_VERSION || !keyId || !iv || !tag || sealed === undefined) {
    throw new SettingsKeyError("monobank settings: the stored secrets are not in a format this version reads")
  }
  const key = [keys.current, keys.previous].find((candidate) => candidate?.id === keyId)
  if (!key) {
    throw new SettingsKeyError(
      `monobank settings: the stored secrets were encrypted with key ${keyId}, which is neither ${SETTINGS_KEY_ENV} nor ${PREVIOUS_SETTINGS_KEY_ENV} on this server`
    )
  }
  const decipher = createDecipheriv("aes-256-gcm", key.bytes, Buffer.from(iv, "base64"))
  decipher.setAuthTag(Buffer.from(tag, "base64"))
  const plain = Buffer.concat([decipher.update(Buffer.from(sealed, "base64")), decipher.final()]).toString("utf8")
  return JSON.parse(plain) as Record<string, string>
}

/** The key id a box was sealed with, to tell which boxes still need sealing again after a rotation. */
export function keyIdOf(box: string): string | undefined {
  return box.split(":")[1]
}
