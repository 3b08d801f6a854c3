/**
 * The repository must read on its own: no document (and no other file) may name a path on the
 * machine it was written on, a folder beside the clone, or a document the repository does not hold.
 * Each failure names the file and line.
 */
import { execFileSync } from "node:child_process"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import path from "node:path"

const REPO_ROOT = path.resolve(__dirname, "../..")
/** This file shows the check bad lines on purpose. */
const THIS_FILE = path.relative(REPO_ROOT, __filename).split(path.sep).join("/")

/** CI clones the repository with the bank's published material beside it and says so (.ci/run). */
const MAY_NAME_SIBLING_FOLDERS = new Set([".ci/run"])

const TEXT_FILE = /\.(md|ts|tsx|js|mjs|cjs|json|ya?ml|sh|html|css|txt)$|^\.env\.template$|^\.ci\/run$/
const SKIPPED_FOLDERS = new Set(["node_modules", ".git", ".medusa", "dist", "build", "coverage"])

/** An absolute path on a developer's or CI machine (not part of a URL). */
const MACHINE_PATH = /(?<![\w.:/-])(\/(?:work|home|Users|root|tmp|mnt|srv|opt|var)\/[^\s)"'`>]*|(?<![\w\\])[A-Z]:\\{1,2}[A-Za-z][^\s)"'`>]*)/
/** A folder next to the clone, as some workspaces keep shared material. */
const SIBLING_FOLDER = /(?<![\w.-])\.\.\/shared(?![\w-])/
const MARKDOWN_LINK = /\]\(([^)\s]+)\)/g
const MARKDOWN_DOCUMENT = /(?<![\w:/.-])((?:\.{1,2}\/)*[\w-]+(?:\/[\w.-]+)*\.md)\b/g

type Problem = { file: string; line: number; text: string }

/** Problems of one file's text; `exists` answers for paths relative to the repository root. */
function standAloneProblems(file: string, text: string, exists: (repoPath: string) => boolean): Problem[] {
  const problems: Problem[] = []
  const dir = path.posix.dirname(file)
  const inRepo = (target: string, from: string) => {
    const resolved = path.posix.normalize(path.posix.join(from, target))
    return resolved.startsWith("../") || resolved === ".." ? undefined : resolved
  }
  text.split("\n").forEach((content, index) => {
    const report = (what: string) => problems.push({ file, line: index + 1, text: `${what}: ${content.trim()}` })
    if (MACHINE_PATH.test(content)) report("names an absolute machine path")
    if (SIBLING_FOLDER.test(content) && !MAY_NAME_SIBLING_FOLDERS.has(file)) report("names a folder outside the repository")
    if (!file.endsWith(".md")) return
    for (const [, target] of content.matchAll(MARKDOWN_LINK)) {
      if (/^([a-z]+:|#)/i.test(target)) continue
      const local = target.split(/[#?]/)[0]
      if (!local) continue
      const resolved = local.startsWith("/") ? local.slice(1) : inRepo(local, dir)
      if (resolved === undefined) report(`links outside the repository (${target})`)
      else if (!exists(resolved)) report(`links to a file the repository does not hold (${target})`)
    }
    for (const [, document] of content.matchAll(MARKDOWN_DOCUMENT)) {
      const candidates = [inRepo(document, dir), inRepo(document, ".")].filter((c): c is string => c !== undefined)
      if (!candidates.some(exists)) report(`names a document the repository does not hold (${document})`)
    }
  })
  return problems
}

function repositoryFiles(): string[] {
  try {
    const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { cwd: REPO_ROOT, encoding: "utf8" })
    return listed.split("\n").filter((file) => file && existsSync(path.join(REPO_ROOT, file)))
  } catch {
    return walk("")
  }
}

function walk(relative: string): string[] {
  return readdirSync(path.join(REPO_ROOT, relative), { withFileTypes: true }).flatMap((entry) => {
    const child = relative ? `${relative}/${entry.name}` : entry.name
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : walk(child)
    return [child]
  })
}

describe("the repository stands alone", () => {
  const files = repositoryFiles().filter(
    (file) => file !== THIS_FILE && (TEXT_FILE.test(file) || TEXT_FILE.test(path.posix.basename(file)))
  )
  const exists = (repoPath: string) => existsSync(path.join(REPO_ROOT, repoPath))

  it("has documents to check", () => {
    expect(files.filter((file) => file.endsWith(".md"))).toEqual(expect.arrayContaining(["README.md"]))
  })

  it("names no machine path, no folder beside the clone and no document it does not hold", () => {
    const problems = files.flatMap((file) => standAloneProblems(file, readFileSync(path.join(REPO_ROOT, file), "utf8"), exists))
    expect(problems.map(({ file, line, text }) => `${file}:${line} ${text}`)).toEqual([])
  })

  describe("its check", () => {
    const holds = (repoPath: string) => ["README.md", "docs/acquiring.md", "docs/admin.md"].includes(repoPath)
    const lines = (file: string, text: string) => standAloneProblems(file, text, holds).map((p) => `${p.line} ${p.text.split(":")[0]}`)

    it("finds machine paths, sibling folders, broken links and missing documents, by line", () => {
      const text = [
        "See [acquiring](acquiring.md) and [admin](./admin.md#settings).", // fine
        "Spec in /work/shared/spec.", // machine path
        "Read ../shared/spec/openapi.", // sibling folder
        "[gone](missing.md) and [out](../../elsewhere/x.md)",
        "Style: see STYLE.md.",
        "Homepage https://example.com/work/x and [site](https://example.com/a.md).", // fine
      ].join("\n")
      expect(lines("docs/guide.md", text)).toEqual([
        "2 names an absolute machine path",
        "3 names a folder outside the repository",
        "4 links to a file the repository does not hold (missing.md)",
        "4 links outside the repository (../../elsewhere/x.md)",
        "4 names a document the repository does not hold (missing.md)",
        "4 names a document the repository does not hold (../../elsewhere/x.md)",
        "5 names a document the repository does not hold (STYLE.md)",
      ])
    })

    it("checks code for paths outside the repository too, except where CI provides the folder", () => {
      expect(lines("scripts/x.js", 'const spec = "../shared/spec"\nimport "../shared-state-check"')).toEqual([
        "1 names a folder outside the repository",
      ])
      expect(lines(".ci/run", "if [ -d ../shared/spec ]; then")).toEqual([])
      expect(lines("src/x.ts", 'const dir = "C:\\\\work\\\\x"')).toEqual(["1 names an absolute machine path"])
    })
  })
})
