/** Debian's Chromium driven by playwright-core (no browser download), with a screenshot per step. */
import fs from "node:fs"
import path from "node:path"
import { chromium, type Browser, type Page } from "playwright-core"

export const CHROMIUM = process.env.MONOBANK_CHROMIUM ?? "/usr/bin/chromium"
export const SCREENSHOTS = path.resolve(__dirname, "../screenshots")

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`No Chromium at ${CHROMIUM}: apt-get install -y chromium (or set MONOBANK_CHROMIUM)`)
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  })
}

/** Saves `screenshots/<flow>/<nn>-<step>.png` (full page). */
export function screenshots(flow: string) {
  const dir = path.join(SCREENSHOTS, flow)
  fs.rmSync(dir, { recursive: true, force: true })
  fs.mkdirSync(dir, { recursive: true })
  let step = 0
  return async (page: Page, name: string) => {
    step += 1
    await page.screenshot({ path: path.join(dir, `${String(step).padStart(2, "0")}-${name}.png`), fullPage: true })
  }
}
