"use client"

import { pollMonobankInstallments, type InstallmentProgress } from "@lib/monobank/actions"
import { useEffect, useRef, useState } from "react"

const POLL_EVERY_MS = 3_000

/**
 * Polls the plugin's installment route for `sessionId` (none: no polling) until the bank's answer
 * is final; `onOrder` gets the order confirmation's address once the order is paid for.
 */
export function useInstallmentProgress(sessionId: string | null, onOrder: (orderUrl: string) => void): InstallmentProgress | null {
  const [progress, setProgress] = useState<InstallmentProgress | null>(null)
  // The latest callback, so that a new function each render does not restart the polling.
  const onOrderRef = useRef(onOrder)
  onOrderRef.current = onOrder

  useEffect(() => {
    setProgress(null)
    if (!sessionId) return
    let stopped = false
    const poll = async () => {
      const result = await pollMonobankInstallments(sessionId).catch(() => null)
      if (stopped) return
      if (result?.orderUrl) return onOrderRef.current(result.orderUrl)
      if (result) setProgress(result)
      if (!result?.final) setTimeout(poll, POLL_EVERY_MS)
    }
    poll()
    return () => {
      stopped = true
    }
  }, [sessionId])

  return progress
}
