/**
 * One HTTP exchange through undici's dispatcher, its answer collected as text. The bank answers
 * small JSON documents, so this takes undici's dispatch API directly: no readable stream per body
 * as its `request` builds, no header object of every header (only Trace-Id and Retry-After are
 * read). The attempt's AttemptAbort ends the exchange at any point: queued in the pool, while the
 * request is sent, or while the answer arrives.
 */
import type { Dispatcher } from "undici"
import type { AttemptAbort } from "./attempt-abort"

export type TextRequest = {
  method: Dispatcher.HttpMethod
  path: string
  headers: Record<string, string>
  body?: Buffer
}

export type TextAnswer = {
  status: number
  traceId?: string
  retryAfter?: string
  text: string
}

/** The answer's headers the HTTP core reads, by lower-case name. */
const READ_HEADERS = { "trace-id": "traceId", "retry-after": "retryAfter" } as const

export function requestText(dispatcher: Dispatcher, request: TextRequest, stop: AttemptAbort): Promise<TextAnswer> {
  return new Promise<TextAnswer>((resolve, reject) => {
    let settled = false
    let abortExchange: ((error: Error) => void) | undefined
    const answer: TextAnswer = { status: 0, text: "" }
    const chunks: Buffer[] = []

    const settle = (error: unknown, value?: TextAnswer) => {
      if (settled) return
      settled = true
      stop.removeEventListener("abort", onStop)
      if (value) resolve(value)
      else reject(error)
    }
    const onStop = () => {
      settle(stop.reason)
      abortExchange?.(stop.reason instanceof Error ? stop.reason : new Error(String(stop.reason)))
    }
    if (stop.aborted) return settle(stop.reason)
    stop.addEventListener("abort", onStop)

    try {
      dispatcher.dispatch(request, {
        onConnect(abort) {
          if (settled) abort(new Error("the attempt was already over"))
          else abortExchange = abort
        },
        onHeaders(status, rawHeaders) {
          answer.status = status
          for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
            const name = rawHeaders[i].toString("latin1").toLowerCase()
            const field = READ_HEADERS[name as keyof typeof READ_HEADERS]
            if (field && answer[field] === undefined) answer[field] = rawHeaders[i + 1].toString("latin1")
          }
          return true
        },
        onData(chunk) {
          chunks.push(chunk)
          return true
        },
        onComplete() {
          answer.text = chunks.length === 1 ? chunks[0].toString("utf8") : Buffer.concat(chunks).toString("utf8")
          settle(undefined, answer)
        },
        onError(error) {
          settle(error)
        },
      })
    } catch (error) {
      settle(error)
    }
  })
}
