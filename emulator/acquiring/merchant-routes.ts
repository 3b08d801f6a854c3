/** QR cashiers, merchant data and the webhook public key. */
import type { Emulator } from "../emulator"
import { jsonBody, ok, parseWith, requiredQuery } from "../http-util"
import type { Route } from "../router"
import { EMPLOYEES, MERCHANT_DETAILS, SUBMERCHANTS } from "./merchant"
import { acquiringAuth } from "./routes"
import { qrIdSchema } from "./schemas"

export function merchantRoutes(emulator: Emulator): Route[] {
  const base = { family: "acquiring" as const, auth: acquiringAuth(emulator) }
  const { qr } = emulator
  return [
    { ...base, method: "GET", pattern: "/api/merchant/qr/list", handler: () => ok({ list: qr.list() }) },
    {
      ...base,
      method: "GET",
      pattern: "/api/merchant/qr/details",
      handler: (ctx) => ok(qr.details(requiredQuery(ctx, "qrId"))),
    },
    {
      ...base,
      method: "POST",
      pattern: "/api/merchant/qr/reset-amount",
      handler: (ctx) => {
        qr.resetAmount(parseWith(qrIdSchema, jsonBody(ctx)).qrId)
        return ok({})
      },
    },
    { ...base, method: "GET", pattern: "/api/merchant/details", handler: () => ok({ ...MERCHANT_DETAILS }) },
    {
      ...base,
      method: "GET",
      pattern: "/api/merchant/submerchant/list",
      handler: () => ok({ list: SUBMERCHANTS.map((submerchant) => ({ ...submerchant })) }),
    },
    {
      ...base,
      method: "GET",
      pattern: "/api/merchant/employee/list",
      handler: () => ok({ list: EMPLOYEES.map((employee) => ({ ...employee })) }),
    },
    { ...base, method: "GET", pattern: "/api/merchant/pubkey", handler: () => ok({ key: emulator.keys.publicKey() }) },
  ]
}
