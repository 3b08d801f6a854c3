/**
 * Admins with roles, for tests that run with Medusa's `rbac` feature flag on: roles are created and
 * granted through Medusa's own admin API, and each admin logs in with a password, so the token
 * carries the roles the way Medusa puts them there at login.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join, relative, sep } from "node:path"
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createUsersWorkflow } from "@medusajs/medusa/core-flows"
import type { Api } from "./acquiring-helpers"
import type { AdminRoute } from "./admin-route-helpers"

type Auth = { headers: Record<string, string> }

/** Created by Medusa's RBAC module: every operation on every resource. */
export const SUPER_ADMIN_ROLE = "role_super_admin"

let admins = 0

/** A new admin user holding the given roles, logged in with email and password. */
export async function adminWithRoles(api: Api, container: MedusaContainer, label: string, roleIds: string[]): Promise<Auth> {
  const email = `${label}-${Date.now()}-${++admins}@example.test`
  const password = `password-${label}-${admins}`
  const { result: users } = await createUsersWorkflow(container).run({ input: { users: [{ email, roles: roleIds }] } as any })
  const auth = container.resolve(Modules.AUTH)
  const registered = await auth.register("emailpass", { body: { email, password } })
  if (!registered.success || !registered.authIdentity) throw new Error(`could not register ${email}: ${registered.error}`)
  await auth.updateAuthIdentities({ id: registered.authIdentity.id, app_metadata: { user_id: users[0].id } })
  const { data } = await api.post("/auth/user/emailpass", { email, password })
  return { headers: { authorization: `Bearer ${data.token}` } }
}

/** A role granting exactly the given policies ("resource:operation"), made by `owner` in Medusa's admin API. */
export async function createRole(api: Api, owner: Auth, name: string, policyKeys: string[]): Promise<string> {
  const { data } = await api.get("/admin/rbac/policies?limit=1000&fields=id,key", owner)
  const idByKey = new Map<string, string>(data.policies.map((policy: { id: string; key: string }) => [policy.key, policy.id]))
  const missing = policyKeys.filter((key) => !idByKey.has(key))
  if (missing.length) throw new Error(`Medusa knows no policy ${missing.join(", ")}, so no role can be granted it`)
  const { data: created } = await api.post("/admin/rbac/roles", { name, policy_ids: policyKeys.map((key) => idByKey.get(key)) }, owner)
  return created.role.id
}

const API_DIR = join(__dirname, "..", "..", "src", "api")
/** Values for the path parameters of the plugin's admin routes (a route refused by permission never reads them). */
const SAMPLE_PARAMS: Record<string, string> = { api: "acquiring", kind: "checkout_order", id: "sample_1", qr_id: "qr_1" }

/** Every method of every route file under src/api/admin/monobank, so a route added later is covered too. */
export function pluginAdminRoutesOnDisk(): AdminRoute[] {
  const routeFiles = (readdirSync(join(API_DIR, "admin", "monobank"), { recursive: true }) as string[])
    .filter((file) => file.endsWith(`${sep}route.ts`) || file === "route.ts")
    .map((file) => join(API_DIR, "admin", "monobank", file))
  return routeFiles.flatMap((file) => {
    const dir = relative(API_DIR, join(file, "..")).split(sep)
    const path = "/" + dir.map((segment) => segment.replace(/^\[(\w+)\]$/, (_, name: string) => SAMPLE_PARAMS[name] ?? `${name}_1`)).join("/")
    const methods = [...readFileSync(file, "utf8").matchAll(/export (?:async function|const) (GET|POST|PUT|PATCH|DELETE)\b/g)].map((m) => m[1])
    return methods.map((method) => {
      if (method !== "GET" && method !== "POST") throw new Error(`${file}: ${method} is not covered by these tests yet`)
      return { method: method.toLowerCase() as AdminRoute["method"], path, body: {} }
    })
  })
}
