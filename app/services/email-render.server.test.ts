import { describe, expect, it } from 'vitest'
import { CHANNEL_TEMPLATES, defaultTemplate, sampleFields, SYSTEM_TEMPLATES } from '#app/rules/email-templates'
import { DEFAULT_COLOURS, htmlToText, renderEmail, safeColours, sanitizeEmailHtml, type Branding } from './email-render.server'

const branding: Branding = { companyName: 'Acme & Co', logoSrc: null, colours: DEFAULT_COLOURS }
const content = (body: string, extra: Partial<{ subject: string; title: string; button_text: string }> = {}) => ({
  subject: extra.subject ?? 'Hello {{name}}',
  title: extra.title ?? 'Title {{name}}',
  body,
  button_text: extra.button_text ?? 'Open',
})

describe('renderEmail: dynamic fields', () => {
  it('escapes values in the HTML part and keeps them raw in the text part', () => {
    const out = renderEmail({ content: content('<p>Hi {{name}}</p>'), fields: { name: '<script>alert(1)</script> & "co"' }, branding })
    expect(out.html).not.toContain('<script>')
    // (The sanitizer may re-encode the escapes as named entities; either way no tag survives.)
    expect(out.html).toMatch(/&(#60|lt);script&(#62|gt);alert\(1\)&(#60|lt);\/script&(#62|gt); &(#38|amp); (&#34;|")co(&#34;|")/)
    expect(out.text).toContain('Hi <script>alert(1)</script> & "co"')
  })

  it('keeps a value out of markup wherever the template puts it, an href included', () => {
    const out = renderEmail({
      content: content('<p><a href="{{link}}">Go</a> {{name}}</p>'),
      fields: { link: 'javascript:alert(1)', name: '"><img src=x onerror=alert(1)>' },
      branding,
    })
    expect(out.html).not.toMatch(/javascript:/i)
    expect(out.html).not.toMatch(/<img src="?x/i)
    expect(out.html).toMatch(/(&#34;|")&(#62|gt);&(#60|lt);img src=x onerror=alert\(1\)&(#62|gt);/)
  })

  it('makes subjects one line, whatever a value holds', () => {
    const out = renderEmail({ content: content('<p>x</p>', { subject: 'Order {{name}}' }), fields: { name: 'A\r\nBcc: evil@example.com' }, branding })
    expect(out.subject).toBe('Order A Bcc: evil@example.com')
  })

  it('leaves an unknown field as typed, so the preview shows it', () => {
    expect(renderEmail({ content: content('<p>{{nmae}}</p>'), fields: { name: 'x' }, branding }).text).toContain('{{nmae}}')
  })

  it('keeps the line breaks of a multi-line value', () => {
    const out = renderEmail({ content: content('<p>{{list}}</p>'), fields: { list: 'one\ntwo' }, branding })
    expect(out.html).toContain('one<br />two')
    expect(out.text).toContain('one\ntwo')
  })

  it('drops a paragraph an empty value leaves behind', () => {
    const out = renderEmail({ content: content('<p>Keep</p><p>{{note}}</p>'), fields: { note: '' }, branding })
    expect(out.html).not.toContain('<p></p>')
  })
})

describe('renderEmail: body, button and frame', () => {
  it('sanitizes the body: no script, style, event handler or image', () => {
    const out = renderEmail({
      content: content('<p onclick="x()">Hi</p><script>bad()</script><style>p{}</style><img src="https://t.example/p.gif"><a href="https://ok.example" target="_top">ok</a>'),
      fields: {},
      branding,
    })
    expect(out.html).not.toMatch(/onclick|bad\(\)|p\{\}|t\.example/)
    expect(out.html).toContain('<a href="https://ok.example" target="_blank" rel="noopener noreferrer">ok</a>')
  })

  it('shows the button only with a safe link, in the text part on its own line', () => {
    const withLink = renderEmail({ content: content('<p>x</p>', { button_text: 'Reset' }), fields: {}, buttonLink: 'https://app.example/forgot-password-2/abc', branding })
    expect(withLink.html).toContain('href="https://app.example/forgot-password-2/abc"')
    expect(withLink.text).toContain('Reset:\nhttps://app.example/forgot-password-2/abc\n')
    const unsafe = renderEmail({ content: content('<p>x</p>'), fields: {}, buttonLink: 'javascript:alert(1)', branding })
    expect(unsafe.html).not.toContain('javascript:')
    expect(unsafe.text).not.toContain('Open:')
  })

  it("uses the organisation's logo and colours; a colour that is not #rrggbb falls back", () => {
    const colours = safeColours({ headerBg: '#112233', buttonBg: 'red;background:url(x)', footerText: '#ABCDEF' })
    const out = renderEmail({ content: content('<p>x</p>'), fields: {}, buttonLink: 'https://a.example', branding: { ...branding, logoSrc: 'cid:logo', colours } })
    expect(out.html).toContain('<img src="cid:logo" alt="Acme &#38; Co"')
    expect(out.html).toContain('background:#112233')
    expect(out.html).toContain(`background:${DEFAULT_COLOURS.buttonBg}`)
    expect(out.html).toContain('color:#abcdef')
    expect(out.html).not.toContain('url(x)')
  })

  it('ends with a footer that says who sent it and why, with no unsubscribe or tracking link', () => {
    const out = renderEmail({ content: content('<p>x</p>'), fields: {}, branding: { ...branding, companyEmail: 'help@acme.example', companyAddress: '1 Main St' } })
    expect(out.text).toMatch(/--\nAcme & Co\n1 Main St\nQuestions\? Write to help@acme\.example\nYou receive this e-mail because you have an account with Acme & Co\./)
    expect(out.html).not.toMatch(/unsubscribe/i)
  })

  it('writes links of the text part as "label: address" followed by a space or a line end', () => {
    expect(htmlToText('<p>Open <a href="https://x.example/a?b=1&amp;c=2">the page</a>.</p><ul><li>one</li><li>two</li></ul>')).toBe(
      'Open the page: https://x.example/a?b=1&c=2 .\n\n- one\n- two',
    )
  })

  it('keeps an e-mailed code the first six-digit number of the text part', () => {
    const t = defaultTemplate('two_factor_code')!
    const out = renderEmail({ content: t, fields: { code: '042137' }, branding: { ...branding, companyName: 'Org 123456' } })
    expect(out.text.match(/\b(\d{6})\b/)?.[1]).toBe('042137')
  })
})

describe('every default template', () => {
  it.each([...CHANNEL_TEMPLATES, ...SYSTEM_TEMPLATES].map((t) => [t.code, t] as const))('%s renders with its sample data and leaves no field unfilled', (_code, t) => {
    const out = renderEmail({ content: t, fields: sampleFields(t), buttonLink: 'https://app.example/login', branding })
    expect(out.subject.length).toBeGreaterThan(0)
    expect(`${out.subject}${out.html}${out.text}`).not.toMatch(/\{\{/)
    // The defaults are already what the sanitizer keeps (it only normalises <br>).
    expect(sanitizeEmailHtml(t.body)).toBe(t.body.replace(/<br>/g, '<br />'))
  })
})
