/**
 * The operations as the published OpenAPI document describes them, read back from it so that
 * /docs and /llms.txt list exactly the paths, names and parameters the routes declare.
 */
export type ApiParameter = {
  name: string
  in: string
  required: boolean
  type: string
  description: string
  example: unknown
}

export type ApiOperation = {
  method: string
  path: string
  operationId: string
  summary: string
  description: string
  parameters: ApiParameter[]
}

export type ApiDescription = {
  title: string
  version: string
  /** The API's base URL, `${publicUrl}/api/agent`, as the document's first server. */
  baseUrl: string
  operations: ApiOperation[]
}

type Json = Record<string, unknown>

const METHODS = ['get', 'put', 'post', 'delete', 'patch']

export function describeApi(document: Json): ApiDescription {
  const info = (document.info ?? {}) as Json
  const servers = (document.servers ?? []) as Json[]
  return {
    title: text(info.title),
    version: text(info.version),
    baseUrl: text(servers[0]?.url),
    operations: apiOperations(document),
  }
}

function apiOperations(document: Json): ApiOperation[] {
  const paths = (document.paths ?? {}) as Record<string, Record<string, Json>>
  const operations: ApiOperation[] = []
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const operation = item[method]
      if (!operation) continue
      operations.push({
        method: method.toUpperCase(),
        path,
        operationId: text(operation.operationId),
        summary: text(operation.summary),
        description: text(operation.description),
        parameters: ((operation.parameters ?? []) as Json[]).map((parameter) => ({
          name: text(parameter.name),
          in: text(parameter.in),
          required: parameter.required === true,
          type: schemaType((parameter.schema ?? {}) as Json),
          description: text(parameter.description),
          example: parameter.example,
        })),
      })
    }
  }
  return operations
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : ''
}

/** "integer", "string (date)": what a person or a model needs to know of the schema. */
function schemaType(schema: Json): string {
  const type = text(schema.type) || 'string'
  return schema.format ? `${type} (${text(schema.format)})` : type
}
