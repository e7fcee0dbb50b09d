import type { CallToolResult } from '@modelcontextprotocol/server'
import { DomainError, StoreUnavailableError } from '../domain/errors.ts'
import {
  domainErrorBody,
  INTERNAL_ERROR_MESSAGE,
  UNAVAILABLE_MESSAGE,
} from '../http/error-response.ts'
import { toolDescription } from './tool-input-schema.ts'
import { toolListingText } from './tool-text.ts'

export type ToolLog = { error(details: object, message: string): void }

/**
 * A failed call as a tool result the agent reads and can act on (`isError`), with the message the
 * API gives for the same fault: what to send instead, why the vehicle cannot be rented, or when
 * to retry. Only an unexpected fault is logged, and its cause is never shown.
 */
export function toolErrorResult(error: unknown, log: ToolLog): CallToolResult {
  if (error instanceof DomainError) {
    const message = toolMessage(error)
    // The API's error fields as JSON too, as a success carries its JSON: an agent reads the
    // code, the argument at fault and the suggested arguments without parsing the sentence.
    return {
      content: [
        { type: 'text', text: message.trimEnd() },
        { type: 'text', text: JSON.stringify(domainErrorBody(error, message)) },
      ],
      isError: true,
    }
  }
  if (error instanceof StoreUnavailableError) {
    log.error({ err: error.cause }, 'store unavailable')
    return errorResult(UNAVAILABLE_MESSAGE)
  }
  log.error({ err: error }, 'unexpected error in an MCP tool')
  return errorResult(INTERNAL_ERROR_MESSAGE)
}

/**
 * A domain error's message as the MCP door words it: the tool that lists the valid values rather
 * than an endpoint, and a parameter's expected form (written once for the HTTP schema) with the
 * endpoints it names replaced by their tools.
 */
export function toolMessage(error: DomainError): string {
  const message = toolDescription(error.message)
  return error.listing ? `${message}; ${toolListingText(error.listing)}` : message
}

export function errorResult(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message.trimEnd() }], isError: true }
}
