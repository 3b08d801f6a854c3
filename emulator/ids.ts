import { randomBytes, randomInt, randomUUID } from "node:crypto"

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

export function base62(length: number): string {
  let out = ""
  for (let i = 0; i < length; i++) out += BASE62[randomInt(BASE62.length)]
  return out
}

export function digits(length: number): string {
  let out = ""
  for (let i = 0; i < length; i++) out += String(randomInt(10))
  return out
}

export const newInvoiceId = (): string => `emu${base62(17)}`
export const newCardToken = (): string => `tok${base62(29)}`
export const newWalletId = (): string => `wallet${base62(14)}`
export const newTraceId = (): string => randomBytes(16).toString("hex")
export const newUuid = (): string => randomUUID()
