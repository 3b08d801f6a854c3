#!/usr/bin/env node
/** CLI: `monobank-emulator --port 0`; prints one JSON line when ready. */
import { helpText, parseCli } from "./cli"
import { startEmulator } from "./start"

async function main(): Promise<void> {
  let command
  try {
    command = parseCli(process.argv.slice(2))
  } catch (error) {
    process.stderr.write(`monobank-emulator: ${(error as Error).message}\nTry --help.\n`)
    process.exit(2)
  }
  if (command.help) {
    process.stdout.write(helpText())
    return
  }
  const emulator = await startEmulator(command.options)
  process.stdout.write(
    `${JSON.stringify({ url: emulator.url, acquiringToken: emulator.acquiringToken, installments: emulator.installments })}\n`
  )
  const stop = () => {
    emulator.close().then(
      () => process.exit(0),
      () => process.exit(1)
    )
  }
  process.once("SIGINT", stop)
  process.once("SIGTERM", stop)
}

main().catch((error) => {
  process.stderr.write(`monobank-emulator: ${String(error)}\n`)
  process.exit(1)
})
