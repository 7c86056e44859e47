/**
 * What every plugin that serves pages installs, the hosted pages' and the console's alike:
 * the cookies, one CSRF check before any handler of a state-changing request (PageKit.guard),
 * and an error handler that answers with a page (never JSON) in the request's language.
 */
import cookie from '@fastify/cookie'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../../lib/errors.ts'
import { FALLBACK_LOCALE } from '../../lib/locale.ts'
import { translator, type Translator } from './i18n.ts'
import { errorText, type PageKit } from './kit.ts'

/** What a person reads for an error that no route turned into a sentence of its own. */
function sentence(t: Translator, error: FastifyError | AppError, requestId: string): { status: number; text: string } {
  if (error instanceof AppError) return { status: error.statusCode, text: errorText(t, error) }
  const status = error.statusCode ?? 500
  if (status === 413) return { status, text: t.text('error.tooLarge') }
  if (status >= 400 && status < 500) return { status, text: t.text('error.badRequest') }
  return { status: 500, text: t.text('error.server', { reference: requestId }) }
}

/**
 * A plugin's own error page (the console's, in its layout): null when it cannot draw one for
 * this request (a signed-out browser), and the hosted pages' error page is drawn instead.
 */
export type ErrorPage = (request: FastifyRequest, reply: FastifyReply, status: number, text: string, t: Translator) => Promise<FastifyReply | null>

export async function servePages(app: FastifyInstance, kit: PageKit, errorPage?: ErrorPage): Promise<void> {
  await app.register(cookie)
  // one CSRF check for every form of the plugin, before any handler runs
  app.addHook('preHandler', async (request) => kit.guard(request))

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    // the error's page speaks the request's language (a failing lookup must not hide the error)
    const t = translator((await kit.locale(request).catch(() => null))?.locale ?? FALLBACK_LOCALE)
    const { status, text } = sentence(t, error, request.id)
    if (status >= 500) request.log.error({ err: error }, 'hosted page failed')
    const own = errorPage ? await errorPage(request, reply, status, text, t).catch(() => null) : null
    if (own) return own
    const tenant = await kit.tenant(request).catch(() => null)
    return kit.error(reply, await kit.brand(tenant), t, status, text)
  })
}
