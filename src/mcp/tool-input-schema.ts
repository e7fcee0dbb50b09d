import type { TObject } from 'typebox'
import { MAX_ACCESSORY_ITEMS } from '../domain/accessory-selection.ts'
import { MAX_ID, typedParameterSchema } from '../schemas/typed-parameter.ts'

type JsonSchema = Record<string, unknown>

// The HTTP descriptions point at endpoints; a tool's point at the tools that answer the same.
const ENDPOINT_TO_TOOL: [RegExp, string][] = [
  [/GET \/depots/g, 'list_depots'],
  [/GET \/routes/g, 'list_routes'],
  [/GET \/vehicles\/availability\/flexible/g, 'find_flexible_dates'],
  [/GET \/vehicles\/availability/g, 'find_available_vehicles'],
  [/GET \/vehicles\/unavailable/g, 'explain_unavailable'],
  // The catalogue, not one of the paths under it.
  [/GET \/vehicles(?![/\w])/g, 'list_vehicles'],
  [/GET \/vehicles\/\{vehicleId\}\/accessories/g, 'list_accessories'],
  [/GET \/vehicles\/\{vehicleId\}\/insurance-types/g, 'list_insurance_plans'],
  [/GET \/quotes/g, 'get_quote'],
]

/**
 * The input schema a tool publishes: its HTTP parameters typed as the OpenAPI document types them
 * (ids as integers, dates as dates) and the accessory list as a list of ids. Arguments are still
 * checked by the HTTP schema itself (src/schemas/json-parameters.ts), which also takes ids sent as digits and
 * the accessory list as the API's comma-separated text.
 */
export function toolInputSchema(
  parameters: TObject,
  rules?: { maxRentalDays: number },
): JsonSchema {
  const properties: Record<string, JsonSchema> = {}
  for (const [name, schema] of Object.entries(parameters.properties) as [string, JsonSchema][]) {
    const description = toolDescription(String(schema.description ?? ''))
    // The longest rental is the company's setting: the schema's 999 is only the shape's bound,
    // and a client checking arguments by it sent 500 and was refused.
    if (name === 'rental_days' && rules) {
      properties[name] = {
        ...typedProperty(schema, `${description} (${rules.maxRentalDays} days here)`),
        maximum: rules.maxRentalDays,
      }
      continue
    }
    properties[name] =
      name === 'accessory_ids'
        ? {
            type: 'array',
            items: { type: 'integer', minimum: 1, maximum: MAX_ID },
            maxItems: MAX_ACCESSORY_ITEMS,
            description: `Accessory ids; an id given twice is a quantity of two`,
            examples: [[1, 1, 3]],
          }
        : typedProperty(schema, description)
  }
  return {
    type: 'object',
    properties,
    required: parameters.required ?? [],
    additionalProperties: false,
  }
}

/**
 * A parameter as the OpenAPI document types it: an integer or a date where it does, else text
 * with the HTTP schema's own pattern (a driver's age, a time, a promotion code), so that a client
 * checking arguments checks them as the server will; its examples of the same type.
 */
function typedProperty(schema: JsonSchema, description: string): JsonSchema {
  const typed = typedParameterSchema(schema)
  const examples = schema.examples as unknown[] | undefined
  if (typed?.type === 'integer') {
    return { ...typed, description, examples: examples?.map((example) => Number(example)) }
  }
  return {
    ...(typed ?? {
      type: 'string',
      ...(schema.pattern ? { pattern: schema.pattern } : {}),
      // The length the server allows (a class, a reference), checked by the client as well.
      ...(schema.maxLength !== undefined ? { maxLength: schema.maxLength } : {}),
    }),
    description,
    examples: examples?.map(String),
  }
}

/** An operation's text with the endpoints it names replaced by their tools. */
export function toolDescription(text: string): string {
  return ENDPOINT_TO_TOOL.reduce((result, [endpoint, tool]) => result.replace(endpoint, tool), text)
}
