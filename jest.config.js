const { loadEnv } = require("@medusajs/framework/utils")
loadEnv("test", process.cwd())

const testMatchByType = {
  unit: ["**/src/**/__tests__/**/*.unit.spec.[jt]s", "**/emulator/**/__tests__/**/*.unit.spec.[jt]s"],
  "integration:modules": ["**/src/modules/*/__tests__/**/!(*.unit).spec.[jt]s", "**/integration-tests/modules/**/*.spec.[jt]s"],
  "integration:http": ["**/integration-tests/http/**/*.spec.[jt]s"],
  // Checks against the bank's published OpenAPI files (MONOBANK_SPEC_DIR): run by .ci/run only.
  contract: ["**/contract-tests/**/*.spec.[jt]s"],
  packaging: ["**/integration-tests/packaging/**/*.spec.[jt]s"],
  // The soak suite (integration-tests/soak: several Medusa processes on Redis, fault soak, hostile input): `npm test -- soak`.
  soak: ["**/integration-tests/soak/**/*.spec.[jt]s"],
  // Medusa's DTC starter storefront with our files, bought in Chromium (integration-tests/storefront):
  // `npm test -- storefront`, run by CI where the starter is present.
  storefront: ["**/integration-tests/storefront/**/*.spec.[jt]s"],
  // The admin dashboard in Debian's Chromium (integration-tests/admin-browser): `npm test -- admin-browser`.
  "admin-browser": ["**/integration-tests/admin-browser/**/*.spec.[jt]s"],
}

const testType = process.env.TEST_TYPE ?? "unit"
if (!testMatchByType[testType]) {
  throw new Error(`Unknown TEST_TYPE "${testType}"; use one of ${Object.keys(testMatchByType).join(", ")}`)
}

module.exports = {
  testSequencer: "<rootDir>/integration-tests/test-sequencer.js",
  transform: {
    "^.+\\.[jt]sx?$": [
      "@swc/jest",
      {
        jsc: {
          parser: { syntax: "typescript", decorators: true, tsx: true },
          target: "es2021",
        },
      },
    ],
  },
  testEnvironment: "node",
  moduleFileExtensions: ["js", "ts", "tsx", "json"],
  modulePathIgnorePatterns: ["dist/", "<rootDir>/.medusa/"],
  testPathIgnorePatterns: ["/node_modules/", "<rootDir>/.medusa/"],
  testMatch: testMatchByType[testType],
  setupFiles: ["./integration-tests/setup.js"],
  globalSetup: "./integration-tests/global-setup.js",
  globalTeardown: "./integration-tests/global-teardown.js",
}
