/** Bench-only payment provider (see service.ts); never part of the published plugin. */
import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { installMemoryProbe } from "./memory-probe"
import { BenchFloorProviderService } from "./service"

installMemoryProbe()

export default ModuleProvider(Modules.PAYMENT, { services: [BenchFloorProviderService] })
