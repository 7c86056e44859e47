// The pages module's public face: its services and their types (eslint/module-order.js).
export { pageActor, PAGES_CLIENT, type PageSession, PageSessions } from './page-sessions.ts'

// What the console (modules/console), a plugin of its own built on the pages' kit, uses of them:
// the kit and its plugin set-up (one CSRF check, errors as pages), the markup helpers, the page
// layout and sign-in step its brand preview and sign-in show, and the security headers.
export { PageKit, errorText, field, type PageContext } from './kit.ts'
export { type ErrorPage, servePages } from './page-plugin.ts'
export { html, type SafeHtml } from './html.ts'
export { brandOf, type Brand } from './brand.ts'
export { markupTranslator, type MarkupTranslator, translator, type Translator } from './i18n.ts'
export { notice, renderPage } from './layout.ts'
export { emailStep, PASSKEY_SCRIPT } from './views.ts'
export { cspSource, emailPreviewHeaders, newNonce, pageHeaders } from './security.ts'

// The module, built (modules/index.ts composes the factories).
export { createPagesModule, type PagesDeps, type PagesModule } from './module.ts'
export type { AuthorizeService } from './authorize.service.ts'
export type { InvitationSignIn } from './invitation-signin.ts'
export type { PageTenants } from './kit.ts'
