/** startEmulator: builds the emulator, its routing table and server, and listens. */
import type { AddressInfo } from "node:net"
import { invoiceRoutes } from "./acquiring/routes"
import { merchantRoutes } from "./acquiring/merchant-routes"
import { statementRoutes } from "./acquiring/statement-routes"
import { paymentRoutes } from "./acquiring/payment-routes"
import { checkoutRoutes } from "./checkout/routes"
import { controlRoutes } from "./control"
import { createEmulatorControl, type EmulatorControl } from "./control-client"
import { Emulator } from "./emulator"
import { installmentRoutes } from "./installments/routes"
import { resolveOptions, type EmulatorOptions } from "./options"
import { checkoutPageRoutes } from "./pages/checkout"
import { payPageRoutes } from "./pages/pay"
import { Router } from "./router"
import { createEmulatorServer } from "./server"

export interface RunningEmulator {
  /** "http://127.0.0.1:PORT", no trailing slash. */
  url: string
  acquiringToken: string
  installments: { storeId: string; secret: string }
  control: EmulatorControl
  close(): Promise<void>
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const resolved = resolveOptions(options)
  const emulator = new Emulator(resolved)
  const router = new Router()
  router.add([
    ...invoiceRoutes(emulator),
    ...paymentRoutes(emulator),
    ...statementRoutes(emulator),
    ...merchantRoutes(emulator),
    ...installmentRoutes(emulator),
    ...checkoutRoutes(emulator),
    ...payPageRoutes(emulator),
    ...checkoutPageRoutes(emulator),
    ...controlRoutes(emulator),
  ])
  const server = createEmulatorServer({
    router,
    faults: emulator.faults,
    chaos: emulator.chaos,
    calls: emulator.calls,
    now: () => emulator.clock.iso(),
    log: resolved.log,
  })
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(resolved.port, resolved.host, () => {
      server.off("error", reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  const url = `http://${urlHost(resolved.host)}:${port}`
  emulator.setListeningUrl(url)
  emulator.clock.start()

  let closing: Promise<void> | undefined
  return {
    url,
    acquiringToken: resolved.acquiringToken,
    installments: { storeId: resolved.installmentsStoreId, secret: resolved.installmentsSecret },
    control: createEmulatorControl(url),
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        emulator.clock.stop()
        emulator.delivery.close()
        server.close(() => resolve())
        server.closeAllConnections()
      })
      return closing
    },
  }
}

/** A wildcard bind is reached through loopback; IPv6 literals need brackets. */
function urlHost(host: string): string {
  if (host === "0.0.0.0" || host === "") return "127.0.0.1"
  if (host === "::") return "[::1]"
  return host.includes(":") ? `[${host}]` : host
}
