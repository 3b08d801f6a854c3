/** The `MonobankApiError` a call rejects with; fails the test when it resolves or throws anything else. */
import { MonobankApiError } from "../errors"

export async function errorOf(promise: Promise<unknown>): Promise<MonobankApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e
  )
  expect(error).toBeInstanceOf(MonobankApiError)
  return error as MonobankApiError
}
