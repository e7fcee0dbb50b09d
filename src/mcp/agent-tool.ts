import type { CallToolResult } from '@modelcontextprotocol/server'
import type { TObject } from 'typebox'
import type { OperationDeps } from '../operations/agent-operations.ts'
import type { OperationId } from '../schemas/operations.ts'
import { toolDescription } from './tool-input-schema.ts'

/** A tool's answer: the JSON the REST endpoint gives (wrapped in an object) and a short text. */
export type ToolAnswer = { structured: Record<string, unknown>; text: string }

/**
 * The result a client reads: the structured content, the short text for people and agents that
 * read text, and the structured content again as JSON text, as the MCP specification asks of a
 * tool with structured content, for clients that pass only text blocks to the model.
 */
export function toolResult(answer: ToolAnswer): CallToolResult {
  // The API's reasons name its endpoints (`GET /vehicles/availability with the same driver_age`);
  // a tool's name the tools, in the structured content as in the text. Few answers name one: the
  // JSON, written anyway, says whether this one does before anything is walked.
  let json = JSON.stringify(answer.structured)
  let structured = answer.structured
  if (json.includes('GET /')) {
    structured = toolWorded(structured) as Record<string, unknown>
    json = JSON.stringify(structured)
  }
  return {
    content: [
      { type: 'text', text: toolDescription(answer.text) },
      { type: 'text', text: json },
    ],
    structuredContent: structured,
  }
}

/** A value with every text in it worded for tools (toolDescription), its shape unchanged. */
export function toolWorded(value: unknown): unknown {
  if (typeof value === 'string') return toolDescription(value)
  if (Array.isArray(value)) return value.map(toolWorded)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toolWorded(item)]))
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
