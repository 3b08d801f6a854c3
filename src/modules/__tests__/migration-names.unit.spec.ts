/**
 * MikroORM records the migrations it ran by name in one `mikro_orm_migrations` table shared by
 * every module of the database: a migration named like another module's is taken as already run
 * and silently skipped (its tables never appear). Each module's migrations need names of their own.
 */
import { readdirSync } from "fs"
import path from "path"

const MODULES_DIR = path.join(__dirname, "..")

function migrationsByName(): Map<string, string[]> {
  const byName = new Map<string, string[]>()
  for (const module of readdirSync(MODULES_DIR, { withFileTypes: true })) {
    if (!module.isDirectory()) continue
    const dir = path.join(MODULES_DIR, module.name, "migrations")
    for (const file of migrationFiles(dir).filter((name) => /^Migration\d+\.ts$/.test(name))) {
      byName.set(file, [...(byName.get(file) ?? []), module.name])
    }
  }
  return byName
}

/** A module without migrations has no such folder. */
function migrationFiles(dir: string): string[] {
  try {
    return readdirSync(dir)
  } catch {
    return []
  }
}

describe("module migrations", () => {
  it("have names no other module uses, so none is skipped as already run", () => {
    const byName = migrationsByName()
    expect(byName.size).toBeGreaterThan(0)
    const shared = [...byName].filter(([, modules]) => modules.length > 1).map(([name, modules]) => `${name}: ${modules.join(", ")}`)
    expect(shared).toEqual([])
  })
})
