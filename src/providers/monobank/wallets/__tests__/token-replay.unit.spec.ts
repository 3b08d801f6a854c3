import { MedusaError } from "@medusajs/framework/utils"
import { claimWalletTokenOnce, walletTokenHash, type WalletTokenClaims } from "../token-replay"
import type { WalletTokenUse } from "../wallet-card"

const use: WalletTokenUse = { wallet: "applePay", id: "9f0c3a5e".repeat(8), expiresAt: new Date("2030-01-01T00:05:00Z") }

/** A claims store that remembers hashes the way the module's unique key does. */
function memoryClaims() {
  const seen: Array<{ wallet: string; token_hash: string; expires_at: Date }> = []
  const claims: WalletTokenClaims = {
    claimWalletToken: async (claim) => {
      if (seen.some((row) => row.token_hash === claim.token_hash)) return false
      seen.push(claim)
      return true
    },
  }
  return { claims, seen }
}

async function refusal(run: () => Promise<unknown>): Promise<MedusaError> {
  try {
    await run()
  } catch (error) {
    if (MedusaError.isMedusaError(error)) return error as MedusaError
    throw error
  }
  throw new Error("the token was let through")
}

describe("claimWalletTokenOnce", () => {
  it("lets a token through once, keeping only a hash of its id with its expiry, and refuses it after with a 409 naming the wallet", async () => {
    const { claims, seen } = memoryClaims()
    await claimWalletTokenOnce(use, undefined, claims)
    expect(seen).toEqual([{ wallet: "applePay", token_hash: walletTokenHash(use), expires_at: use.expiresAt }])
    expect(seen[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(seen)).not.toContain(use.id)

    const error = await refusal(() => claimWalletTokenOnce(use, undefined, claims))
    expect(error.type).toBe(MedusaError.Types.CONFLICT)
    expect(error.message).toBe("applePay: this Apple Pay token was already used for a payment and is not sent to the bank again; pay again in Apple Pay")
  })

  it("one id in two wallets is two tokens", async () => {
    const { claims } = memoryClaims()
    await claimWalletTokenOnce(use, undefined, claims)
    await expect(claimWalletTokenOnce({ ...use, wallet: "googlePay" }, undefined, claims)).resolves.toBeUndefined()
  })

  it("refuses the payment, and tells the store owner why, when the store has not registered the module (never skips the check)", async () => {
    const logged: string[] = []
    // No claims store given: the real lookup in an application without the module (this test process).
    const error = await refusal(() => claimWalletTokenOnce({ ...use, wallet: "googlePay" }, { error: (message: string) => logged.push(message) } as never, undefined))
    expect(error.type).toBe(MedusaError.Types.NOT_ALLOWED)
    expect(error.message).toMatch(/^googlePay: this store cannot take Google Pay payments right now: .*monobank-wallet-tokens module .* is not registered/)
    expect(logged).toEqual([expect.stringContaining("monobank-wallet-tokens module")])
  })
})
