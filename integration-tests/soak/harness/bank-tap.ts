/**
 * A recording pass-through in front of the emulator: which process asked the bank for what, about
 * which invoice / order, and what the bank answered. The emulator's own call log has no bodies, so
 * "finalize calls per invoice" is read here.
 */
import { createServer, request } from "node:http"
import type { AddressInfo } from "node:net"

export type BankCall = { method: string; path: string; status: number; subject?: string; body?: any }

export type BankTap = { url: string; calls: BankCall[]; close(): Promise<void> }

/** invoiceId for acquiring, order_id for installments, from the request body or query. */
function subjectOf(path: string, body: any): string | undefined {
  if (body && typeof body === "object") return body.invoiceId ?? body.order_id ?? undefined
  const query = new URL(path, "http://x").searchParams
  return query.get("invoiceId") ?? undefined
}

export async function startBankTap(emulatorUrl: string): Promise<BankTap> {
  const calls: BankCall[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => {
      const body = Buffer.concat(chunks)
      let parsed: any
      try {
        parsed = body.length ? JSON.parse(body.toString("utf8")) : undefined
      } catch {
        parsed = undefined
      }
      const headers = { ...req.headers }
      delete headers.host
      const out = request(new URL(req.url ?? "/", emulatorUrl), { method: req.method, headers, agent: false }, (answer) => {
        calls.push({ method: req.method ?? "GET", path: (req.url ?? "/").split("?")[0], status: answer.statusCode ?? 0, subject: subjectOf(req.url ?? "/", parsed), body: parsed })
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      })
      out.on("error", () => {
        res.writeHead(502)
        res.end()
      })
      out.end(body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
