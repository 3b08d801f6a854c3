/** Plain-fetch calls to a running emulator, as a bank client would make them. */
import { createHmac } from "node:crypto"
import type { RunningEmulator } from "../../start"

export type ApiResponse<T = any> = { status: number; json: T; headers: Headers; text: string }

async function send<T>(url: string, init: RequestInit): Promise<ApiResponse<T>> {
  const response = await fetch(url, { redirect: "manual", ...init })
  const text = await response.text()
  let json: any
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    json = undefined
  }
  return { status: response.status, json, headers: response.headers, text }
}

export function acquiring(emulator: RunningEmulator, token = emulator.acquiringToken) {
  const headers = (extra: Record<string, string> = {}) => ({ "X-Token": token, ...extra })
  return {
    get: <T = any>(path: string) => send<T>(`${emulator.url}${path}`, { headers: headers() }),
    delete: <T = any>(path: string) => send<T>(`${emulator.url}${path}`, { method: "DELETE", headers: headers() }),
    post: <T = any>(path: string, body: unknown) =>
      send<T>(`${emulator.url}${path}`, {
        method: "POST",
        headers: headers({ "Content-Type": "application/json" }),
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
  }
}

export function installments(
  emulator: RunningEmulator,
  credentials: { storeId?: string; secret?: string } = {}
) {
  const storeId = credentials.storeId ?? emulator.installments.storeId
  const secret = credentials.secret ?? emulator.installments.secret
  return {
    post: <T = any>(path: string, body: unknown, options: { signature?: string | null } = {}) => {
      const raw = typeof body === "string" ? body : JSON.stringify(body)
      const signature =
        options.signature === undefined ? createHmac("sha256", secret).update(raw).digest("base64") : options.signature
      const headers: Record<string, string> = { "Content-Type": "application/json", "store-id": storeId }
      if (signature !== null) headers.signature = signature
      return send<T>(`${emulator.url}${path}`, { method: "POST", headers, body: raw })
    },
  }
}

export function page(emulator: RunningEmulator) {
  return {
    get: (path: string) => send(`${emulator.url}${path}`, {}),
    postForm: (path: string, fields: Record<string, string>) =>
      send(`${emulator.url}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString(),
      }),
  }
}
