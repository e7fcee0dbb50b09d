import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { DomainError, StoreUnavailableError } from '../domain/errors.ts'
import { INTERNAL_ERROR_MESSAGE, UNAVAILABLE_MESSAGE } from '../http/error-response.ts'

export type ToolLog = { error(details: object, message: string): void }

/**
 * A failed call as a tool result the agent reads and can act on (`isError`), with the message the
 * API gives for the same fault: what to send instead, why the vehicle cannot be rented, or when
 * to retry. Only an unexpected fault is logged, and its cause is never shown.
 */
export function toolErrorResult(error: unknown, log: ToolLog): CallToolResult {
  if (error instanceof DomainError) return errorResult(error.message)
  if (error instanceof StoreUnavailableError) {
    log.error({ err: error.cause }, 'store unavailable')
    return errorResult(UNAVAILABLE_MESSAGE)
  }
  log.error({ err: error }, 'unexpected error in an MCP tool')
  return errorResult(INTERNAL_ERROR_MESSAGE)
}

export function errorResult(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message.trimEnd() }], isError: true }
}
