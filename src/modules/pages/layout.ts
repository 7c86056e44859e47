/** The shell every hosted page shares: branded header, one stylesheet, no third-party assets. */
import type { Brand } from './brand.ts'
import { html, type SafeHtml } from './html.ts'

export interface PageInput {
  brand: Brand
  /** The page's language (BCP 47), for `<html lang>`: screen readers and hyphenation follow it. */
  locale: string
  title: string
  body: SafeHtml
  /** The CSP nonce of this response (for the brand colours and any script). */
  nonce: string
  /** Scripts served by Trellis itself, loaded with the nonce. */
  scripts?: string[]
}

export function renderPage(input: PageInput): string {
  const { brand, nonce } = input
  const logo = brand.logoUrl
    ? html`<img class="logo" src="${brand.logoUrl}" alt="${brand.name}">`
    : html`<span class="wordmark">${brand.name}</span>`
  // colours were checked to be #RGB/#RRGGBB (brand.ts), so they are safe inside CSS
  const colours = `:root{--accent:${brand.accent};--on-accent:${brand.onAccent};--text:${brand.text}}`
  return html`<!doctype html>
<html lang="${input.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${input.title} · ${brand.name}</title>
<link rel="icon" href="${brand.logoUrl ?? '/pages/favicon.svg'}">
<link rel="stylesheet" href="/pages/pages.css">
<style nonce="${nonce}">${colours}</style>
</head>
<body>
<header class="brand">${logo}</header>
<main id="main" class="card">
<h1>${input.title}</h1>
${input.body}
</main>
<footer class="foot">${brand.name}</footer>
${(input.scripts ?? []).map((src) => html`<script nonce="${nonce}" src="${src}"></script>`)}
</body>
</html>`.value
}

/** A paragraph that screen readers announce: errors and confirmations. */
export function notice(kind: 'error' | 'ok' | 'info', text: string | null | undefined): SafeHtml {
  if (!text) return html``
  return html`<p class="notice ${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${text}</p>`
}
