/** A local webhook receiver: records every request's raw body and headers; answers what `respond` says. */
import { createServer, type IncomingHttpHeaders } from "node:http"
import type { AddressInfo } from "node:net"

export type ReceivedRequest = { path: string; headers: IncomingHttpHeaders; body: string }

export type Receiver = {
  url: string
  requests: ReceivedRequest[]
  /** Resolves once `count` requests arrived (rejects after `safetyMs`, so a broken test fails instead of hanging). */
  waitFor(count: number, safetyMs?: number): Promise<ReceivedRequest[]>
  close(): Promise<void>
}

export async function startReceiver(
  respond: (request: ReceivedRequest, index: number) => number = () => 200
): Promise<Receiver> {
  const requests: ReceivedRequest[] = []
  let waiters: Array<() => void> = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => {
      const request = { path: req.url ?? "/", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") }
      requests.push(request)
      res.writeHead(respond(request, requests.length - 1)).end()
      const current = waiters
      waiters = []
      current.forEach((wake) => wake())
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    waitFor(count, safetyMs = 5000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`receiver got ${requests.length} of ${count} requests`)),
          safetyMs
        )
        const check = () => {
          if (requests.length >= count) {
            clearTimeout(timer)
            resolve(requests.slice(0, count))
          } else {
            waiters.push(check)
          }
        }
        check()
      })
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
