import {
  type CacheHint,
  ProtocolError,
  ProtocolErrorCode,
  Server,
  type Tool,
} from '@modelcontextprotocol/server'
import { API_VERSION } from '../docs/company-openapi.ts'
import { todayIn } from '../domain/calendar-date.ts'
import type { OperationDeps } from '../operations/agent-operations.ts'
import { companyIcons, type Icon } from '../presenters/company-icon.ts'
import { type CompanyProfile, companyProfile } from '../presenters/company-profile.ts'
import { type ExampleDates, exampleDates, withExampleDates } from '../schemas/example-dates.ts'
import { jsonParameters } from '../schemas/json-parameters.ts'
import { type OperationSettings, operationDocs } from '../schemas/operations.ts'
import { type AgentTool, toolResult, toolWorded } from './agent-tool.ts'
import { errorResult, type ToolLog, toolErrorResult } from './tool-error-result.ts'
import { toolDescription, toolInputSchema } from './tool-input-schema.ts'
import { explainUnavailableTool } from './tools/explain-unavailable-tool.ts'
import { findAvailableVehiclesTool } from './tools/find-available-vehicles-tool.ts'
import { findFlexibleDatesTool } from './tools/find-flexible-dates-tool.ts'
import { getQuoteTool } from './tools/get-quote-tool.ts'
import { listAccessoriesTool } from './tools/list-accessories-tool.ts'
import { listDepotsTool } from './tools/list-depots-tool.ts'
import { listInsurancePlansTool } from './tools/list-insurance-plans-tool.ts'
import { listRoutesTool } from './tools/list-routes-tool.ts'
import { listVehiclesTool } from './tools/list-vehicles-tool.ts'

/** The tools in the order an agent calls them (the routes and the catalogue are optional). */
export const AGENT_TOOLS: readonly AgentTool[] = [
  listDepotsTool,
  listRoutesTool,
  listVehiclesTool,
  findAvailableVehiclesTool,
  explainUnavailableTool,
  findFlexibleDatesTool,
  listAccessoriesTool,
  listInsurancePlansTool,
  getQuoteTool,
]

export type McpDeps = OperationDeps & {
  settings: OperationSettings
  log: ToolLog
  /**
   * Counts a tool call against the client's rate limit and says why it is refused, if it is.
   * Over HTTP the request itself is counted, as every API request is, so this is left out.
   */
  countCall?: () => Promise<string | undefined>
}

/**
 * How long a client (and, the answer being the same for every caller, a shared cache) may keep the
 * tool list and the server's description (revision 2026-07-28's `ttlMs` and `cacheScope`): the
 * examples in the schemas move on once a day and a fleet import may rename the company, so an hour.
 */
export const MCP_LIST_CACHE_HINT: CacheHint = { ttlMs: 60 * 60_000, cacheScope: 'public' }

const instructions = (
  company: CompanyProfile,
  rules: { timeZone: string; bookingHorizonDays: number; maxRentalDays: number },
) =>
  `Rent a vehicle from ${company.name}. Call the tools in this order: list_depots (list_routes gives the one-way routes that can be rented and their fees, list_vehicles every vehicle with its facts, depots and minimum days, whatever the dates); find_available_vehicles with a pick-up and a drop-off depot and the dates (YYYY-MM-DD, calendar dates in the company's time zone, ${rules.timeZone}: its today, not UTC's, is the first date that can be sent; a pick-up up to ${rules.bookingHorizonDays} days ahead, a rental of at most ${rules.maxRentalDays} days; explain_unavailable says why a vehicle is left out and which arguments to send instead), or find_flexible_dates when the dates can move (a window of up to 31 pick-up dates and a number of rental days: the cheapest dates and vehicles in one call); list_accessories and list_insurance_plans for the chosen vehicle; get_quote with the choices. The person books on the website: give them the quote's checkoutUrl. Amounts are NZD dollars, GST included. A result marked as an error says what to send instead or why the vehicle cannot be rented.`

/**
 * An MCP server offering the API's operations as read-only tools, over the same verbs and
 * presenters as the HTTP routes. It holds no state, so one can be made per request; the SDK's
 * serving entries (mcp-plugin.ts, stdio.ts) make it speak whichever protocol revision the client
 * opens with, the 2025 ones with their `initialize` handshake or 2026-07-28 without.
 */
export function createMcpServer(deps: McpDeps): Server {
  // Named for the company of the loaded fleet, read at each connection: a fleet import renames it.
  const company = companyProfile(deps.ctx.catalogue().catalogue.company, deps.links)
  const icons = companyIcons(company)
  const server = new Server(
    {
      name: company.slug,
      title: company.name,
      version: API_VERSION,
      icons,
      ...(company.website ? { websiteUrl: company.website } : {}),
    },
    {
      capabilities: { tools: {} },
      instructions: instructions(company, deps.ctx.rules),
      cacheHints: { 'tools/list': MCP_LIST_CACHE_HINT, 'server/discover': MCP_LIST_CACHE_HINT },
    },
  )
  // Listed anew on each asking: a stdio server lives for days, and its example dates must not pass.
  server.setRequestHandler('tools/list', async () => ({
    tools: listedTools(
      deps.settings,
      exampleDates(todayIn(deps.ctx.rules.timeZone, deps.ctx.now()), deps.ctx.rules),
      icons,
      deps.ctx.rules.maxRentalDays,
    ),
  }))
  server.setRequestHandler('tools/call', async (request) => {
    const tool = AGENT_TOOLS.find((candidate) => candidate.name === request.params.name)
    if (!tool) {
      // Asking for a tool that was never listed is a fault of the client, not of the agent's input.
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Unknown tool ${JSON.stringify(request.params.name)}; the tools are ${AGENT_TOOLS.map((item) => item.name).join(', ')}`,
      )
    }
    const refusal = await deps.countCall?.()
    if (refusal) return errorResult(refusal)
    try {
      const parameters = jsonParameters(tool.parameters, request.params.arguments ?? {}, 'refuse')
      return toolResult(await tool.answer(deps, parameters))
    } catch (error) {
      return toolErrorResult(error, deps.log)
    }
  })
  return server
}

const listings = new Map<string, Tool[]>()

/**
 * The tools as listed, always in the order of AGENT_TOOLS (so that a client's cache and a model's
 * prompt cache see the same list): computed once per quote lifetime setting (it is in a
 * description), per day, for the example dates of their schemas, and per logo.
 */
function listedTools(
  settings: OperationSettings,
  dates: ExampleDates,
  icons: Icon[],
  maxRentalDays: number,
): Tool[] {
  const key = `${settings.quoteTtlMinutes} ${dates.pickUp} ${dates.dropOff} ${dates.resetAt} ${icons[0]?.src} ${maxRentalDays}`
  let tools = listings.get(key)
  if (!tools) {
    const docs = operationDocs(settings)
    const listed: Tool[] = AGENT_TOOLS.map((tool) => ({
      name: tool.name,
      title: docs[tool.name].summary,
      description: toolDescription(docs[tool.name].description),
      // The company's logo: a client showing tools from many servers shows whose these are.
      icons,
      inputSchema: toolInputSchema(tool.parameters, { maxRentalDays }) as Tool['inputSchema'],
      outputSchema: toolWorded(tool.outputSchema) as Tool['outputSchema'],
      annotations: {
        title: docs[tool.name].summary,
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    }))
    tools = withExampleDates(listed, dates)
    // Yesterday's lists are not needed again.
    if (listings.size > 16) listings.clear()
    listings.set(key, tools)
  }
  return tools
}
