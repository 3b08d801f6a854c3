/** Command-line flags of `monobank-emulator` and its help text. */
import { parseArgs } from "node:util"
import {
  DEFAULT_ACQUIRING_TOKEN,
  DEFAULT_INSTALLMENTS_STORE_ID,
  OTHER_PHONE_ENDING_OUTCOME,
  TEST_CARD_OUTCOMES,
  TEST_CARDS,
  TEST_PHONE_ENDING_OUTCOMES,
  TEST_PHONE_ENDINGS,
  type TestCardName,
  type TestPhoneEndingName,
} from "./constants"
import type { EmulatorOptions } from "./options"

export type CliCommand = { help: true } | { help: false; options: EmulatorOptions }

export function parseCli(argv: string[]): CliCommand {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      help: { type: "boolean", short: "h" },
      port: { type: "string" },
      host: { type: "string" },
      token: { type: "string" },
      "store-id": { type: "string" },
      secret: { type: "string" },
      "callback-delay-ms": { type: "string" },
      "webhook-retry-delay-ms": { type: "string" },
      "public-url": { type: "string" },
      log: { type: "boolean" },
    },
  })
  if (values.help) return { help: true }
  return {
    help: false,
    options: {
      port: integer("--port", values.port),
      host: values.host,
      acquiringToken: values.token,
      installmentsStoreId: values["store-id"],
      installmentsSecret: values.secret,
      installmentsCallbackDelayMs: integer("--callback-delay-ms", values["callback-delay-ms"]),
      webhookRetryDelayMs: integer("--webhook-retry-delay-ms", values["webhook-retry-delay-ms"]),
      publicBaseUrl: values["public-url"],
      log: values.log,
    },
  }
}

function integer(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  if (!/^\d+$/.test(value)) throw new Error(`${flag} must be a non-negative integer, got "${value}"`)
  return Number(value)
}

export function helpText(): string {
  const cards = (Object.keys(TEST_CARDS) as TestCardName[])
    .map((name) => `  ${TEST_CARDS[name]}  ${name}: ${describeCard(name)}`)
    .join("\n")
  const endings = (Object.keys(TEST_PHONE_ENDINGS) as TestPhoneEndingName[])
    .map((name) => `  ...${TEST_PHONE_ENDINGS[name]}  ${name}: ${TEST_PHONE_ENDING_OUTCOMES[name]}`)
    .join("\n")
  return `monobank-emulator: a local stand-in for monobank acquiring, installments (Покупка частинами) and checkout.

Usage: monobank-emulator [--port 0] [--host 127.0.0.1] [--token T] [--store-id ID] [--secret S]
                         [--callback-delay-ms 5000] [--webhook-retry-delay-ms 1000] [--public-url URL] [--log]

When ready it prints one JSON line: {"url":...,"acquiringToken":...,"installments":{"storeId":...,"secret":...}}
SIGINT / SIGTERM close it cleanly.

Flags:
  --port N                    port to listen on; 0 = any free port (default 0)
  --host H                    interface to bind (default 127.0.0.1)
  --token T                   acquiring and checkout X-Token (default ${DEFAULT_ACQUIRING_TOKEN})
  --store-id ID               installments store-id header (default ${DEFAULT_INSTALLMENTS_STORE_ID})
  --secret S                  installments HMAC secret (default: the public sandbox secret)
  --callback-delay-ms N       delay of the installments phone endings 1, 3, 4 (default 5000)
  --webhook-retry-delay-ms N  delay between the up-to-3 webhook attempts (default 1000)
  --public-url URL            base of pageUrl / tdsUrl / redirect_url (default: the listening URL)
  --log                       log each request (method, path, status) to stderr
  -h, --help                  this text

Test cards (any future expiry, any 3-digit CVV; any other Luhn-valid number pays):
${cards}

Installments phone endings (client_phone +380XXXXXXXXX):
${endings}
  other  ${OTHER_PHONE_ENDING_OUTCOME}

Control API (no auth, tests only): /_emulator/* (see emulator/README.md).
`
}

function describeCard(name: TestCardName): string {
  const outcome: { outcome: string; errCode?: string } = TEST_CARD_OUTCOMES[name]
  return outcome.errCode ? `${outcome.outcome} (errCode ${outcome.errCode})` : outcome.outcome
}
