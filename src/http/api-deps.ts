import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify'
import type { SiteLinks } from '../presenters/site-links.ts'
import type { OperationDoc, OperationId } from '../schemas/operations.ts'
import type { VerbContext } from '../verbs/context.ts'

/** What every route needs: the verbs' context, the links into the site, the operations' docs. */
export type ApiDeps = {
  ctx: VerbContext
  links: SiteLinks
  docs: Record<OperationId, OperationDoc>
}

export type TypedFastify = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>
