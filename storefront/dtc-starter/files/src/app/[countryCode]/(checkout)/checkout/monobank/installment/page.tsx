"use client"

import { useInstallmentProgress } from "@modules/monobank/use-installment-progress"
import { useRouter, useSearchParams } from "next/navigation"

/**
 * An installment order the store placed before the shopper's approval: says the order is placed,
 * asks to confirm in the monobank app and shows the bank's state (polling the plugin's route) until
 * it settles: approved → the starter's order confirmation; declined → why, and that the order is cancelled.
 */
export default function InstallmentAwaitingApproval() {
  const router = useRouter()
  const sessionId = useSearchParams().get("session")
  const progress = useInstallmentProgress(sessionId, (orderUrl) => router.replace(orderUrl))

  const failed = progress?.final === true
  return (
    <div className="content-container py-24 flex flex-col gap-y-3 txt-medium" data-testid="monobank-installment-order">
      {failed ? (
        <p className="txt-medium-plus" data-testid="monobank-installment-order-failed">monobank did not approve the installment purchase, so the order was cancelled.</p>
      ) : (
        <>
          <p className="txt-medium-plus">Your order is placed.</p>
          {!progress?.message && <p>Approve the purchase in your monobank app to pay for it.</p>}
        </>
      )}
      {progress?.message && (
        <div data-testid="monobank-installment-order-state">
          <p>{progress.message.en}</p>
          <p className="text-ui-fg-subtle">{progress.message.uk}</p>
        </div>
      )}
    </div>
  )
}
