import type { CallToolResult } from '@modelcontextprotocol/server'
import type { TObject } from 'typebox'
import type { OperationDeps } from '../operations/agent-operations.ts'
import type { OperationId } from '../schemas/operations.ts'

/** A tool's answer: the JSON the REST endpoint gives (wrapped in an object) and a short text. */
export type ToolAnswer = { structured: Record<string, unknown>; text: string }

/**
 * The result a client reads: the structured content, the short text for people and agents that
 * read text, and the structured content again as JSON text, as the MCP specification asks of a
 * tool with structured content, for clients that pass only text blocks to the model.
 */
export function toolResult(answer: ToolAnswer): CallToolResult {
  return {
    content: [
      { type: 'text', text: answer.text },
      { type: 'text', text: JSON.stringify(answer.structured) },
    ],
    structuredContent: answer.structured,
  }
}

/** The tool's arguments after they passed the HTTP schema: text, as a query string carries them. */
export type ToolParameters = Record<string, string | undefined>

/**
 * One API operation as an MCP tool. Its name is the operation's id, its description the
 * operation's, and its arguments are checked by the HTTP route's own schema.
 */
export type AgentTool = {
  name: OperationId
  /** The HTTP schema of the operation's parameters, under the API's parameter names. */
  parameters: TObject
  outputSchema: TObject
  answer(deps: OperationDeps, parameters: ToolParameters): ToolAnswer | Promise<ToolAnswer>
}
