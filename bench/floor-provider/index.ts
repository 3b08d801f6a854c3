/** Bench-only payment provider (see service.ts); never part of the published plugin. */
import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { installCpuProfileProbe } from "./cpu-profile-probe"
import { installMemoryProbe } from "./memory-probe"
import { BenchFloorProviderService } from "./service"

installMemoryProbe()
installCpuProfileProbe()

export default ModuleProvider(Modules.PAYMENT, { services: [BenchFloorProviderService] })
