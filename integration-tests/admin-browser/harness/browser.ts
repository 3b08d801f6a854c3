/**
 * Debian's Chromium driven by playwright-core (never a downloaded browser), and the screenshots a
 * person looks at after the run (a git-ignored folder; ADMIN_BROWSER_SCREENSHOTS moves it).
 */
import fs from "node:fs"
import path from "node:path"
import { chromium, type Browser, type Page } from "playwright-core"

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"
export const SCREENSHOT_DIR = process.env.ADMIN_BROWSER_SCREENSHOTS ?? path.resolve(__dirname, "../screenshots")

export async function launchChromium(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`)
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  })
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true })
  const file = path.join(SCREENSHOT_DIR, `${name}.png`)
  await page.screenshot({ path: file, fullPage: true })
  return file
}

/** The dashboard's login form, as a store owner fills it in. */
export async function logIn(page: Page, storeUrl: string, login: { email: string; password: string }) {
  await page.goto(`${storeUrl}/app/login`)
  await page.locator('input[name="email"]').fill(login.email)
  await page.locator('input[name="password"]').fill(login.password)
  await page.getByRole("button", { name: "Continue with Email" }).or(page.getByRole("button", { name: "Continue" })).first().click()
  await page.waitForURL((url) => !url.pathname.startsWith("/app/login"))
}
