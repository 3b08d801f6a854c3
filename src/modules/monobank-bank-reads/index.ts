/**
 * `monobank-bank-reads` module: when the bank was last read for what a storefront polls, so polls
 * read it at most once per interval across servers (see ./service). Plugin modules are registered
 * automatically.
 */
import { Module } from "@medusajs/framework/utils"
import { MonobankBankReadsModuleService } from "./service"

export const MONOBANK_BANK_READS_MODULE = "monobankBankReads"

export { MonobankBankReadsModuleService } from "./service"

export default Module(MONOBANK_BANK_READS_MODULE, {
  service: MonobankBankReadsModuleService,
})
