/**
 * The dependency rule of the source tree: lib/monobank <- utils <- {providers, modules, workflows}
 * <- {api, subscribers, jobs}. A lower layer never imports a higher one, so shared code cannot
 * drift back into a provider or a module folder unnoticed.
 */
import fs from "node:fs"
import path from "node:path"

const SRC = path.resolve(__dirname, "..")

/** Top-level folders of src/ that each layer may not import (tests are left out: they may cross). */
const FORBIDDEN: Record<string, { from: string; may_not_import: string[] }> = {
  lib: { from: "lib", may_not_import: ["utils", "providers", "modules", "workflows", "api", "subscribers", "jobs", "links", "admin"] },
  // utils reads the settings saved in the admin through the settings module (effective-settings).
  utils: { from: "utils", may_not_import: ["providers", "workflows", "api", "subscribers", "jobs", "admin", "modules/monobank-checkout", "modules/monobank-bank-reads"] },
  providers: { from: "providers", may_not_import: ["workflows", "api", "subscribers", "jobs", "admin"] },
  modules: { from: "modules", may_not_import: ["providers", "workflows", "api", "subscribers", "jobs", "admin"] },
  workflows: { from: "workflows", may_not_import: ["providers", "api", "subscribers", "jobs", "admin"] },
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === "__tests__" || entry.name === "__fixtures__" ? [] : sourceFiles(full)
    return /\.tsx?$/.test(entry.name) ? [full] : []
  })
}

function importedFolders(file: string): string[] {
  const text = fs.readFileSync(file, "utf8")
  const specs = [...text.matchAll(/from\s+"(\.{1,2}\/[^"]+)"/g)].map((m) => m[1])
  return specs.map((spec) => path.relative(SRC, path.resolve(path.dirname(file), spec)).split(path.sep).join("/"))
}

describe("the layers of src/ point one way", () => {
  it.each(Object.values(FORBIDDEN))("$from imports none of the layers above it", ({ from, may_not_import }) => {
    const violations = sourceFiles(path.join(SRC, from)).flatMap((file) =>
      importedFolders(file)
        .filter((target) => may_not_import.some((layer) => target === layer || target.startsWith(`${layer}/`)))
        .map((target) => `${path.relative(SRC, file)} -> ${target}`)
    )
    expect(violations).toEqual([])
  })
})
