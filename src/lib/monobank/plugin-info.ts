/** The plugin's name and version, sent to the bank in `User-Agent` / `X-Cms` / `X-Cms-Version`. */
import { readFileSync } from "node:fs"
import { join } from "node:path"

function findPackageJson(): { name: string; version: string } {
  // src/utils in development, .medusa/server/src/utils once built: walk up to our package.json.
  for (const up of ["../../..", "../../../../.."]) {
    try {
      const pkg = JSON.parse(readFileSync(join(__dirname, up, "package.json"), "utf8"))
      if (pkg.name === "medusa-payment-monobank") return pkg
    } catch {
      // try the next level
    }
  }
  return { name: "medusa-payment-monobank", version: "0.0.0" }
}

const pkg = findPackageJson()
export const PLUGIN_NAME = pkg.name
export const PLUGIN_VERSION = pkg.version
