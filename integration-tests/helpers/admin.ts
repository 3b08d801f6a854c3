import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, generateJwtToken } from "@medusajs/framework/utils"

/**
 * Creates an admin user with an auth identity and returns the headers an admin dashboard would send.
 * Each test's database is restored from a snapshot, so call this in `beforeEach`.
 */
export async function createAdminHeaders(container: MedusaContainer) {
  const userModule = container.resolve(Modules.USER)
  const authModule = container.resolve(Modules.AUTH)
  const configModule = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE)

  const user = await userModule.createUsers({ email: `admin-${Date.now()}@example.test` })
  const authIdentity = await authModule.createAuthIdentities({
    provider_identities: [{ provider: "emailpass", entity_id: user.email }],
    app_metadata: { user_id: user.id },
  })
  const token = generateJwtToken(
    { actor_id: user.id, actor_type: "user", auth_identity_id: authIdentity.id, app_metadata: { user_id: user.id } },
    { secret: configModule.projectConfig.http.jwtSecret, expiresIn: "1d" }
  )
  return { headers: { authorization: `Bearer ${token}` } }
}
