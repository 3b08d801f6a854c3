/**
 * Says at start, as an error, when this deployment looks like several processes but Medusa's
 * locking, event bus or workflow engine is in memory (see utils/shared-state-check). Runs once per
 * process: plugin modules are loaded whenever the plugin is.
 */
import type { LoaderOptions } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { sharedStateWarning, type DeploymentConfig } from "../../../utils/shared-state-check"

export default async function reportSharedState({ container, logger, dataLoaderOnly }: LoaderOptions & { dataLoaderOnly?: boolean }): Promise<void> {
  if (dataLoaderOnly) return // migrations, not a running store
  let config: DeploymentConfig | undefined
  try {
    config = container.resolve<DeploymentConfig>(ContainerRegistrationKeys.CONFIG_MODULE)
  } catch {
    return
  }
  const warning = sharedStateWarning(config)
  if (warning) (logger ?? console).error(warning)
}
