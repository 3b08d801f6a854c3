/**
 * A webhook is answered before Medusa acts on it: its subscriber runs processPaymentWorkflow, which
 * books the payment and then tries to complete the cart. A test that changes the store between
 * those two steps races the workflow, so it waits for the run to finish instead of for its
 * first visible effect.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { processPaymentWorkflowId } from "@medusajs/medusa/core-flows"

type WorkflowEvent = { eventType: string; workflowId: string; transactionId: string }
type WorkflowEngine = {
  subscribe(args: { workflowId: string; subscriber: (event: WorkflowEvent) => void; subscriberId?: string }): Promise<void> | void
  unsubscribe(args: { workflowId: string; subscriberOrId: string }): Promise<void> | void
}

export type FinishedRuns = {
  /** Resolves once `count` runs (counted from the watch's start) have finished, failed or not. */
  waitFor(count?: number, timeoutMs?: number): Promise<void>
  stop(): Promise<void>
}

let watches = 0

export async function watchFinishedRuns(container: MedusaContainer, workflowId: string): Promise<FinishedRuns> {
  const engine = container.resolve<WorkflowEngine>(Modules.WORKFLOW_ENGINE)
  const subscriberId = `test-watch-${workflowId}-${++watches}`
  let finished = 0
  const waiters = new Set<() => void>()
  await engine.subscribe({
    workflowId,
    subscriberId,
    subscriber: (event) => {
      if (event.eventType !== "onFinish") return
      finished++
      for (const wake of waiters) wake()
    },
  })
  return {
    waitFor: (count = 1, timeoutMs = 30_000) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (finished < count) return
          clearTimeout(timer)
          waiters.delete(check)
          resolve()
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`${workflowId}: ${finished} of ${count} runs finished within ${timeoutMs} ms`))
        }, timeoutMs)
        waiters.add(check)
        check()
      }),
    stop: async () => void (await engine.unsubscribe({ workflowId, subscriberOrId: subscriberId })),
  }
}

export const watchPaymentProcessing = (container: MedusaContainer) => watchFinishedRuns(container, processPaymentWorkflowId)
