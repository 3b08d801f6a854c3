/* `npm run bench`: every benchmark, each as ratios against its own baseline in this process. */
import { run as acquiringClient } from "./acquiring-client.bench"
import { run as checkoutClient } from "./checkout-client.bench"
import { run as webhookSignature } from "./webhook-signature.bench"

const benches: Record<string, () => Promise<unknown>> = {
  "webhook-signature": webhookSignature,
  "acquiring-client": acquiringClient,
  "checkout-client": checkoutClient,
}

async function main() {
  const only = process.argv.slice(2)
  for (const [name, bench] of Object.entries(benches)) {
    if (only.length && !only.includes(name)) continue
    await bench()
  }
}

main().catch((error) => {
  console.error(error)
  process.exitCode = 1
})
