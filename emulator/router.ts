/** Routing table: method + path pattern (":name" segments) -> handler; 404 / 405 otherwise. */
import type { ApiFamily, HandlerResult, RequestContext } from "./http-util"

export type RouteHandler = (ctx: RequestContext) => HandlerResult | Promise<HandlerResult>

export type Route = {
  method: "GET" | "POST" | "PUT" | "DELETE"
  pattern: string
  family: ApiFamily
  /** Throws an HttpError when the request is not allowed. */
  auth?: (ctx: RequestContext) => void
  handler: RouteHandler
}

type CompiledRoute = Route & { regex: RegExp; keys: string[] }

export type RouteMatch =
  | { kind: "found"; route: Route; params: Record<string, string> }
  | { kind: "not-found" }
  | { kind: "wrong-method"; allow: string[] }

export class Router {
  private readonly routes: CompiledRoute[] = []

  add(routes: Route[]): void {
    for (const route of routes) {
      const keys: string[] = []
      const source = route.pattern
        .split("/")
        .map((segment) => {
          if (!segment.startsWith(":")) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
          keys.push(segment.slice(1))
          return "([^/]+)"
        })
        .join("/")
      this.routes.push({ ...route, regex: new RegExp(`^${source}/?$`), keys })
    }
  }

  match(method: string, path: string): RouteMatch {
    const candidates = this.routes.filter((route) => route.regex.test(path))
    if (candidates.length === 0) return { kind: "not-found" }
    const route = candidates.find((candidate) => candidate.method === method)
    if (!route) return { kind: "wrong-method", allow: [...new Set(candidates.map((candidate) => candidate.method))] }
    const values = route.regex.exec(path)!.slice(1)
    const params = Object.fromEntries(route.keys.map((key, i) => [key, decodeURIComponent(values[i])]))
    return { kind: "found", route, params }
  }
}

/** Which API a path belongs to, for error shapes, the call log and faults. */
export function familyOf(path: string): ApiFamily {
  if (path.startsWith("/api/merchant/")) return "acquiring"
  if (path.startsWith("/personal/checkout/")) return "checkout"
  if (path.startsWith("/api/")) return "installments"
  if (path.startsWith("/_emulator/")) return "control"
  return "page"
}

export const isBankApi = (family: ApiFamily): boolean =>
  family === "acquiring" || family === "installments" || family === "checkout"
