/**
 * What the wallet token specs share: the store's test keys with its options for one wallet, parsed
 * as the provider parses them, and the refusal a token under test must end in.
 */
import { makeTestWalletKeys, testApplePayOptions, testGooglePayOptions, type TestWalletKeys } from "../../../../../integration-tests/helpers/wallet-tokens"
import { parseWalletOptions, type WalletOptions } from "../../../../utils/acquiring/wallet-options"
import { WalletTokenError } from "../wallet-card"

const TEST_OPTIONS = { applePay: testApplePayOptions, googlePay: testGooglePayOptions }

type Wallet = keyof typeof TEST_OPTIONS

/** Fresh keys named `name`, and the `wallet` options of a store that holds them. */
export function storeWallet<W extends Wallet>(wallet: W, name: string): { keys: TestWalletKeys; options: NonNullable<WalletOptions[W]> } {
  const keys = makeTestWalletKeys(name)
  const options = parseWalletOptions({ [wallet]: TEST_OPTIONS[wallet](keys) })[wallet]
  if (!options) throw new Error(`no ${wallet} options parsed`)
  return { keys, options }
}

function asRefusal(error: unknown): WalletTokenError {
  if (error instanceof WalletTokenError) return error
  throw error
}

function isPromise(value: unknown): value is Promise<unknown> {
  return typeof (value as Promise<unknown> | undefined)?.then === "function"
}

function accepted(): never {
  throw new Error("the token was accepted")
}

/**
 * The WalletTokenError `run` throws (or its promise rejects with, for an async opener); any other
 * error is thrown on, and a token that opens fails the test.
 */
export function refusal(run: () => Promise<unknown>): Promise<WalletTokenError>
export function refusal(run: () => unknown): WalletTokenError
export function refusal(run: () => unknown): WalletTokenError | Promise<WalletTokenError> {
  let result: unknown
  try {
    result = run()
  } catch (error) {
    return asRefusal(error)
  }
  if (isPromise(result)) return result.then(accepted, asRefusal)
  return accepted()
}
