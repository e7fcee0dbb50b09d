import { ErrorSchema } from '../../schemas/error.ts'

/** The tag every agent API operation carries; the OpenAPI document lists only tagged routes. */
export const API_TAG = 'Agent API'

/** Response schemas of the JSON error statuses, per the spec's table of statuses by endpoint. */
export const errorResponses = {
  badRequest: { 400: ErrorSchema, 503: ErrorSchema },
  quote: { 400: ErrorSchema, 404: ErrorSchema, 503: ErrorSchema },
  listOnly: { 503: ErrorSchema },
}
