// Where the storefront suite finds Medusa's DTC starter: MONOBANK_DTC_STARTER_DIR (set by CI). It is
// test material that CI provides; without it the suite is skipped.
const fs = require("node:fs")
const path = require("node:path")

const STARTER_DIR = process.env.MONOBANK_DTC_STARTER_DIR ? path.resolve(process.env.MONOBANK_DTC_STARTER_DIR) : undefined

const starterPresent = () => Boolean(STARTER_DIR) && fs.existsSync(path.join(STARTER_DIR, "package.json"))

module.exports = { STARTER_DIR, starterPresent }
