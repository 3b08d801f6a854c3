/**
 * One way to validate what a store owner writes in medusa-config: parse with a zod schema and,
 * when anything is wrong, throw one error listing every problem as `<option path>: <rule>`, e.g.
 * `monobank provider: invalid options: captureMode: must be "manual" ...; timeoutMs: must be at least 1000 ms`.
 * Rules in the schemas therefore say only what is expected ("must be ..."), never the option's name.
 */
import type { z } from "zod"

/** One broken rule: where (`captureMode`, `allowedParts.0`, `checkout.token`) and what is expected. */
export type OptionProblem = { path: string; rule: string }

export const UNKNOWN_OPTION_RULE = "is not a known option (check its spelling)"

export class PluginOptionsError extends Error {
  override readonly name = "PluginOptionsError"

  constructor(
    /** Who complains, e.g. "monobank provider: invalid options". */
    readonly subject: string,
    readonly problems: readonly OptionProblem[],
    /** Where to read more, appended as a sentence, e.g. "See docs/installments.md." */
    hint?: string
  ) {
    super(`${subject}: ${formatOptionProblems(problems)}${hint ? `. ${hint}` : ""}`)
  }
}

/** `a.b: rule; c: rule`: the one format every options error uses. */
export function formatOptionProblems(problems: readonly OptionProblem[]): string {
  return problems.map(({ path, rule }) => `${path}: ${rule}`).join("; ")
}

type ProblemOptions = {
  /** Put before every path, e.g. "checkout" for options read under the plugin's `checkout` key. */
  pathPrefix?: string
  /** Name for the whole input when the problem has no path. */
  rootName?: string
  unknownKeyRule?: string
}

/** zod issues -> one problem per broken rule; an unknown key is named by its own path. */
export function optionProblems(error: z.ZodError, options: ProblemOptions = {}): OptionProblem[] {
  const { pathPrefix, rootName = pathPrefix ?? "options", unknownKeyRule = UNKNOWN_OPTION_RULE } = options
  const pathOf = (segments: readonly PropertyKey[]) => {
    const parts = [pathPrefix, ...segments.map(String)].filter((part): part is string => part !== undefined && part !== "")
    return parts.length ? parts.join(".") : rootName
  }
  return error.issues.flatMap((issue) =>
    issue.code === "unrecognized_keys"
      ? issue.keys.map((key) => ({ path: pathOf([...issue.path, key]), rule: unknownKeyRule }))
      : [{ path: pathOf(issue.path), rule: issue.message }]
  )
}

/** Parses `input` (undefined counts as `{}`) or throws one {@link PluginOptionsError} naming every problem. */
export function parsePluginOptions<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
  context: { subject: string; pathPrefix?: string; hint?: string }
): z.output<Schema> {
  const result = schema.safeParse(input ?? {})
  if (result.success) return result.data
  throw new PluginOptionsError(context.subject, optionProblems(result.error, { pathPrefix: context.pathPrefix }), context.hint)
}

const deprecationsSaid = new Set<string>()

/**
 * Reads a deprecated option name as its new one (the new one wins when both are given), and says
 * so once per process and option: stores upgrading keep working and learn the new name.
 */
export function renamedOption<T extends Record<string, unknown>>(
  options: T,
  rename: { from: string; to: string; subject: string },
  warn: (message: string) => void = console.warn
): T {
  const { from, to, subject } = rename
  if (options[from] === undefined) return options
  const said = `${subject}:${from}`
  if (!deprecationsSaid.has(said)) {
    deprecationsSaid.add(said)
    warn(`${subject}: the option \`${from}\` is deprecated; call it \`${to}\` (it is read as \`${to}\` for now)`)
  }
  const { [from]: value, ...rest } = options as Record<string, unknown>
  return (rest[to] === undefined ? { ...rest, [to]: value } : rest) as T
}
