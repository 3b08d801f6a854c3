/**
 * The `monobank-settings` module: settings a store owner saves in the admin, one row per monobank
 * API, read by the providers on every call (see src/utils/effective-settings), so a change applies
 * at once on every server; and the application's bank clients (./bank-clients), closed when it
 * shuts down. Secrets are sealed with the key from the environment (./secret-box)
 * and never leave this service except to the code that talks to the bank.
 */
import { MedusaError, MedusaService } from "@medusajs/framework/utils"
import { BankClients } from "./bank-clients"
import { MonobankSettings } from "./models/settings"
import type { SettingsApi, SettingsValues } from "./schemas"
import { keyIdOf, openSecrets, sealSecrets, settingsKeysFrom, SettingsKeyError, type SettingsKeys } from "./secret-box"

/** What the admin may know of a saved secret: that it is set, and its last 4 characters when it is long. */
export type SecretHint = { set: true; last4?: string }

export type StoredSettings<A extends SettingsApi = SettingsApi> = {
  values: Partial<SettingsValues[A]>
  secrets: Record<string, string>
}

export type SettingsForAdmin<A extends SettingsApi = SettingsApi> = {
  values: Partial<SettingsValues[A]>
  secrets: Record<string, SecretHint>
  updated_at: Date | null
}

/**
 * Credentials of an installments store the admin moved away from (another store id or bank
 * address): orders made under it are still confirmed, returned and read with them.
 */
export type KeptInstallmentsStore = { storeId: string; secret: string; baseUrl: string }

/** Inside the sealed box, never a secret the admin sets or sees (the secrets schemas do not name it). */
const KEPT_STORES = "kept_installment_stores"

type Row = { id: string; api: string; values: string; secrets: string | null; secret_hints: string; updated_at?: Date }

function parsed<T>(text: string | undefined): T | undefined {
  return text ? (JSON.parse(text) as T) : undefined
}

/** Short secrets show no characters at all: 4 of 8 would give half of it away. */
const LAST4_MIN_LENGTH = 16

export function hintOf(secret: string): SecretHint {
  return secret.length >= LAST4_MIN_LENGTH ? { set: true, last4: secret.slice(-4) } : { set: true }
}

/** One entry per store id and address, the newest credentials last. */
function keptWith(kept: KeptInstallmentsStore[], added: KeptInstallmentsStore[]): KeptInstallmentsStore[] {
  const same = (a: KeptInstallmentsStore, b: KeptInstallmentsStore) => a.storeId === b.storeId && a.baseUrl === b.baseUrl
  return [...kept.filter((old) => !added.some((entry) => same(old, entry))), ...added]
}

export class MonobankSettingsModuleService extends MedusaService({ MonobankSettings }) {
  /** This application's bank clients and webhook verifiers, one per credentials. */
  readonly bankClients = new BankClients()

  __hooks = {
    onApplicationShutdown: async () => this.bankClients.close(),
  }

  /** Read per call: a rotation only needs the environment changed and the servers restarted. */
  protected keys(): SettingsKeys {
    try {
      return settingsKeysFrom(process.env)
    } catch (error) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, (error as Error).message)
    }
  }

  private async row(api: SettingsApi): Promise<Row | undefined> {
    const [row] = (await this.listMonobankSettings({ api }, { take: 1 })) as unknown as Row[]
    return row
  }

  async settingsForAdmin<A extends SettingsApi>(api: A): Promise<SettingsForAdmin<A>> {
    const row = await this.row(api)
    return {
      values: parsed<Partial<SettingsValues[A]>>(row?.values) ?? {},
      secrets: parsed<Record<string, SecretHint>>(row?.secret_hints) ?? {},
      updated_at: row?.updated_at ?? null,
    }
  }

  /** Values and opened secrets, for the code that talks to the bank; undefined when nothing was saved. */
  async storedSettings<A extends SettingsApi>(api: A): Promise<StoredSettings<A> | undefined> {
    const row = await this.row(api)
    if (!row) return undefined
    const { [KEPT_STORES]: _kept, ...secrets } = row.secrets ? this.open(row.secrets) : {}
    return { values: parsed<Partial<SettingsValues[A]>>(row.values) ?? {}, secrets }
  }

  /** Installments stores moved away from, newest last. */
  async keptInstallmentsStores(): Promise<KeptInstallmentsStore[]> {
    const row = await this.row("installments")
    const kept = row?.secrets ? this.open(row.secrets)[KEPT_STORES] : undefined
    return kept ? (JSON.parse(kept) as KeptInstallmentsStore[]) : []
  }

  /**
   * Replaces the values; a secret given as a string replaces the stored one, `null` removes it,
   * one left out is kept. Throws (nothing saved) when a secret is to be kept but no key is set.
   */
  async saveSettings<A extends SettingsApi>(
    api: A,
    input: { values: Partial<SettingsValues[A]>; secrets: Record<string, string | null | undefined> },
    /** Installments credentials this save moves away from, kept for the orders made under them. */
    keep: KeptInstallmentsStore[] = []
  ): Promise<SettingsForAdmin<A>> {
    const row = await this.row(api)
    const { [KEPT_STORES]: keptText, ...secrets } = row?.secrets ? this.open(row.secrets) : {}
    for (const [name, value] of Object.entries(input.secrets)) {
      if (value === null) delete secrets[name]
      else if (value !== undefined) secrets[name] = value
    }
    const kept = keptWith(keptText ? (JSON.parse(keptText) as KeptInstallmentsStore[]) : [], keep)
    const data = {
      api,
      values: JSON.stringify(input.values),
      secrets: Object.keys(secrets).length || kept.length ? this.seal(kept.length ? { ...secrets, [KEPT_STORES]: JSON.stringify(kept) } : secrets) : null,
      secret_hints: JSON.stringify(Object.fromEntries(Object.entries(secrets).map(([name, value]) => [name, hintOf(value)]))),
    }
    if (row) await this.updateMonobankSettings({ id: row.id, ...data })
    else await this.createMonobankSettings(data)
    return this.settingsForAdmin(api)
  }

  /** Seals every stored box again with the current key (after a rotation); returns how many changed. */
  async resealSecrets(): Promise<number> {
    const keys = this.keys()
    const rows = (await this.listMonobankSettings({}, {})) as unknown as Row[]
    let resealed = 0
    for (const row of rows) {
      if (!row.secrets || keyIdOf(row.secrets) === keys.current?.id) continue
      await this.updateMonobankSettings({ id: row.id, secrets: this.seal(this.open(row.secrets)) })
      resealed += 1
    }
    return resealed
  }

  private seal(secrets: Record<string, string>): string {
    try {
      return sealSecrets(secrets, this.keys())
    } catch (error) {
      if (error instanceof SettingsKeyError) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, error.message)
      throw error
    }
  }

  private open(box: string): Record<string, string> {
    try {
      return openSecrets(box, this.keys())
    } catch (error) {
      if (error instanceof SettingsKeyError) throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, error.message)
      throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "monobank settings: the stored secrets cannot be opened with the key on this server (wrong MONOBANK_SETTINGS_KEY?)")
    }
  }
}
