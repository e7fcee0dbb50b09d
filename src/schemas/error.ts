import Type from 'typebox'
import { INVALID_REQUEST_CODES, UNAVAILABLE_CODES } from '../domain/errors.ts'
import { SuggestionSchema } from './suggestion.ts'

export const ErrorSchema = Type.Object(
  {
    error: Type.String({ description: 'What went wrong and what to send instead' }),
    code: Type.Enum(
      [
        ...INVALID_REQUEST_CODES,
        ...UNAVAILABLE_CODES,
        'not_found',
        'service_unavailable',
        'internal_error',
      ],
      { description: 'Stable machine-readable code' },
    ),
    parameter: Type.Optional(Type.String({ description: 'The request parameter at fault' })),
    suggestion: Type.Optional(SuggestionSchema),
  },
  { title: 'Error' },
)
