/**
 * The monobank-wallet-tokens module on its own database: its shipped migration, one use per token
 * however many requests (on however many servers) present it at once, and expired rows going
 * lazily, never before their token stops opening.
 */
import path from "node:path"
import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import { EXPIRED_TOKEN_KEPT_MS, MONOBANK_WALLET_TOKENS_MODULE, type MonobankWalletTokensModuleService } from "../../src/modules/monobank-wallet-tokens"
import { moduleTestDatabase } from "../helpers/module-database"

jest.setTimeout(60_000)

const MODULE_DIR = path.resolve(__dirname, "../../src/modules/monobank-wallet-tokens")
const dbName = moduleTestDatabase(MONOBANK_WALLET_TOKENS_MODULE)

const MINUTE = 60_000
const claim = (token_hash: string, expires_at: Date) => ({ wallet: "googlePay", token_hash, expires_at })

moduleIntegrationTestRunner<MonobankWalletTokensModuleService>({
  moduleName: MONOBANK_WALLET_TOKENS_MODULE,
  resolve: MODULE_DIR,
  pathToMigrations: path.join(MODULE_DIR, "migrations"),
  dbName,
  testSuite: ({ service }) => {
    it("lets exactly one of many simultaneous uses of one token through, and every later one fails", async () => {
      const expires = new Date(Date.now() + 5 * MINUTE)
      const results = await Promise.all(Array.from({ length: 8 }, () => service.claimWalletToken(claim("hash-a", expires))))
      expect(results.filter(Boolean)).toHaveLength(1)
      expect(await service.claimWalletToken(claim("hash-a", expires))).toBe(false)
      // Another token is not affected.
      expect(await service.claimWalletToken(claim("hash-b", expires))).toBe(true)
      expect(await service.listMonobankWalletTokens({ token_hash: "hash-a" })).toHaveLength(1)
    })

    it("keeps a row past its token's expiry (clock differences), then deletes it lazily on a later claim", async () => {
      const now = new Date()
      await service.claimWalletToken(claim("long-gone", new Date(now.getTime() - EXPIRED_TOKEN_KEPT_MS - MINUTE)), now)
      await service.claimWalletToken(claim("just-expired", new Date(now.getTime() - MINUTE)), now)
      await service.claimWalletToken(claim("fresh", new Date(now.getTime() + MINUTE)), now)
      // The claim that wrote "fresh" purged "long-gone" (written before it); "just-expired" is still refused.
      const kept = await service.listMonobankWalletTokens({}, { select: ["token_hash"] })
      expect(kept.map((row) => row.token_hash).sort()).toEqual(["fresh", "just-expired"])
      expect(await service.claimWalletToken(claim("just-expired", new Date(now.getTime() - MINUTE)), now)).toBe(false)
    })
  },
})
