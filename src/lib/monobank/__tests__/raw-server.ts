/** A tiny node:http server for HTTP-core tests: records requests and answers with a scripted handler. */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"

export type RecordedRequest = { method: string; url: string; headers: IncomingMessage["headers"]; body: Buffer }
export type Handler = (req: RecordedRequest, res: ServerResponse, index: number) => void

export async function startRawServer(handler: Handler, port = 0) {
  const requests: RecordedRequest[] = []
  let connections = 0
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => {
      const recorded = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) }
      requests.push(recorded)
      handler(recorded, res, requests.length - 1)
    })
  })
  server.on("connection", () => (connections += 1))
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve))
  const address = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${address.port}`,
    port: address.port,
    requests,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers })
  res.end(typeof body === "string" ? body : JSON.stringify(body))
}

/** A port nobody listens on (listen, note it, close). */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}
