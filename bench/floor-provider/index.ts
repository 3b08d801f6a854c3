/** Bench-only payment provider (see service.ts); never part of the published plugin. */
import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { BenchFloorProviderService } from "./service"

export default ModuleProvider(Modules.PAYMENT, { services: [BenchFloorProviderService] })
