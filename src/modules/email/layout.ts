/**
 * The HTML layout, written in MJML (email HTML that renders in Outlook and Gmail) and
 * compiled once per process. Per email only slot substitution runs: `[[slot]]` markers
 * take HTML-escaped values, the two sentinel colours take the tenant's colours, and the
 * optional blocks (logo, code, button, address) are cut out between comment markers.
 *
 * Nothing is loaded from a third party: the fonts are the reader's own (system stacks; MJML's
 * Google Fonts links are turned off), and the only image is the logo a tenant configured.
 * A login code is shown as typed (`7K2QD-M9XHT`): large, monospaced, never wrapped, so
 * 0/O and 1/I are easy to tell apart and the groups can be read off one at a time.
 */
import { escapeHtml } from './placeholders.ts'

const BUTTON_SENTINEL = '#a1b2c3'
const TEXT_SENTINEL = '#c3b2a1'

const MONOSPACE = "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', 'Courier New', monospace"
const CODE_STYLE = [
  'display:inline-block',
  `font-family:${MONOSPACE}`,
  'font-size:28px',
  'line-height:1.25',
  'font-weight:700',
  'letter-spacing:2px',
  'white-space:nowrap',
  'padding:10px 16px',
  'border-radius:6px',
  'background-color:#f3f4f6',
  `color:${TEXT_SENTINEL}`,
].join(';')

const SOURCE = `<mjml lang="[[lang]]">
  <mj-head>
    <mj-title>[[subject]]</mj-title>
    <mj-preview>[[title]]</mj-preview>
    <mj-attributes>
      <mj-all font-family="-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" />
      <mj-text font-size="15px" line-height="1.6" color="${TEXT_SENTINEL}" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f3f4f6" width="600px">
    <mj-section padding="24px 0 8px">
      <mj-column>
        <mj-raw><!--block:logo--></mj-raw>
        <mj-image src="[[logoUrl]]" alt="[[companyName]]" width="140px" align="center" padding="0" />
        <mj-raw><!--/block:logo--></mj-raw>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" border-radius="8px" padding="32px 24px">
      <mj-column>
        <mj-text font-size="22px" font-weight="600" line-height="1.3">[[title]]</mj-text>
        <mj-text>[[contentBeforeCta]]</mj-text>
        <mj-raw><!--block:code--></mj-raw>
        <mj-text align="center" padding="4px 25px 12px"><code style="${CODE_STYLE}">[[code]]</code></mj-text>
        <mj-raw><!--/block:code--></mj-raw>
        <mj-raw><!--block:button--></mj-raw>
        <mj-button background-color="${BUTTON_SENTINEL}" color="#ffffff" href="[[ctaLink]]" font-size="15px" font-weight="600" border-radius="6px" padding="16px 0">[[ctaLabel]]</mj-button>
        <mj-raw><!--/block:button--></mj-raw>
        <mj-text>[[contentAfterCta]]</mj-text>
      </mj-column>
    </mj-section>
    <mj-section padding="16px 24px">
      <mj-column>
        <mj-text font-size="12px" color="#6b7280" align="center">
          <strong>[[footerTitle]]</strong><br />
          [[companyName]]<!--block:address--><br />[[companyAddress]]<!--/block:address-->
        </mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`

let compiled: Promise<string> | null = null
let compileCount = 0

/** The compiled layout; MJML runs on the first call only, and is loaded then (its modules take ~0.5 s of a start). */
export function compiledLayout(): Promise<string> {
  compiled ??= (async () => {
    compileCount += 1
    const { default: mjml2html } = await import('mjml')
    // fonts: {} keeps MJML from linking Google Fonts for a family it knows (Roboto, in the stack)
    const result = await mjml2html(SOURCE, { validationLevel: 'strict', minify: false, fonts: {} })
    return result.html
  })()
  return compiled
}

/** How many times MJML compiled the layout in this process (the benchmark checks it is 1). */
export function layoutCompilations(): number {
  return compileCount
}

export interface LayoutSlots {
  /** The email's locale (BCP 47), for the reader's screen reader and spelling. */
  lang: string
  subject: string
  title: string
  contentBeforeCta: string
  /** A code the reader types (the login code), shown on its own; empty: none. */
  code: string
  ctaLabel: string
  ctaLink: string
  contentAfterCta: string
  footerTitle: string
  companyName: string
  companyAddress: string
  logoUrl: string
  buttonColor: string
  textColor: string
}

function cutBlock(html: string, name: string, keep: boolean): string {
  const pattern = new RegExp(`<!--block:${name}-->([\\s\\S]*?)<!--/block:${name}-->`, 'g')
  return html.replace(pattern, (_m, inner: string) => (keep ? inner : ''))
}

/** Plain text to HTML: escaped, line breaks kept. */
function textToHtml(text: string): string {
  return escapeHtml(text).replace(/\r?\n/g, '<br />')
}

const COLOR = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/

/** Parsed as a browser would (tabs and newlines in a scheme removed): only http(s) links become a button. */
function isWebLink(link: string): boolean {
  try {
    const { protocol } = new URL(link)
    return protocol === 'https:' || protocol === 'http:'
  } catch {
    return false
  }
}

export async function renderLayout(slots: LayoutSlots): Promise<string> {
  let html = await compiledLayout()
  html = cutBlock(html, 'logo', slots.logoUrl !== '')
  html = cutBlock(html, 'code', slots.code !== '')
  const safeLink = isWebLink(slots.ctaLink)
  html = cutBlock(html, 'button', safeLink && slots.ctaLabel !== '')
  html = cutBlock(html, 'address', slots.companyAddress !== '')
  // Colours were validated on save; the check here keeps a bad row from reaching CSS.
  const button = COLOR.test(slots.buttonColor) ? slots.buttonColor : '#2563eb'
  const text = COLOR.test(slots.textColor) ? slots.textColor : '#1f2937'
  html = html.replaceAll(new RegExp(BUTTON_SENTINEL, 'gi'), button).replaceAll(new RegExp(TEXT_SENTINEL, 'gi'), text)
  return html.replace(/\[\[(\w+)\]\]/g, (_m, slot: string) => {
    const value = slots[slot as keyof LayoutSlots] ?? ''
    return slot.startsWith('content') ? textToHtml(value) : escapeHtml(value)
  })
}
