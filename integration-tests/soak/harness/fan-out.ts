/**
 * What a load balancer that duplicates traffic would do: every webhook / callback the bank sends to
 * the store URL goes to every server at the same moment, with the same raw body and headers. The
 * bank gets the first server's answer. Loopback only.
 */
import { createServer, request, type IncomingMessage } from "node:http"
import type { AddressInfo } from "node:net"

export type FanOutRecord = { path: string; statuses: Array<number | string> }

export type FanOut = { url: string; records: FanOutRecord[]; close(): Promise<void> }

const HOP_BY_HOP = new Set(["host", "connection", "keep-alive", "transfer-encoding"])

function forward(target: string, req: IncomingMessage, body: Buffer): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !HOP_BY_HOP.has(name))) as Record<string, string>
    const out = request(new URL(req.url ?? "/", target), { method: req.method, headers, agent: false, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = []
      res.on("data", (chunk: Buffer) => chunks.push(chunk))
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 502, headers: { "content-type": String(res.headers["content-type"] ?? "text/plain") }, body: Buffer.concat(chunks) })
      )
      res.on("error", reject)
    })
    out.on("timeout", () => out.destroy(new Error("no answer within 30 s")))
    out.on("error", reject)
    out.end(body)
  })
}

export async function startFanOut(servers: () => string[]): Promise<FanOut> {
  const records: FanOutRecord[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => {
      const body = Buffer.concat(chunks)
      const record: FanOutRecord = { path: req.url ?? "/", statuses: [] }
      records.push(record)
      const sends = servers().map((target) =>
        forward(target, req, body).then(
          (answer) => {
            record.statuses.push(answer.status)
            return answer
          },
          (error: Error) => {
            record.statuses.push(error.message)
            throw error
          }
        )
      )
      Promise.any(sends).then(
        (first) => {
          res.writeHead(first.status, first.headers)
          res.end(first.body)
        },
        () => {
          res.writeHead(502)
          res.end()
        }
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    records,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
