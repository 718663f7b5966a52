import { describe, expect, it } from 'vitest'
import { isBlankHtml, sanitizeContractHtml, sanitizeSubmittedHtml } from './sanitize.server'

describe('sanitizeContractHtml: links', () => {
  it.each([
    ['a new tab keeps its target', '<a href="https://x.test" target="_blank">x</a>', '<a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a>'],
    ['a named frame loses its target', '<a href="https://x.test" target="evil">x</a>', '<a href="https://x.test" rel="noopener noreferrer">x</a>'],
    [
      '_top and _parent lose their target',
      '<a href="https://x.test" target="_top">x</a><a href="https://x.test" target="_parent">y</a>',
      '<a href="https://x.test" rel="noopener noreferrer">x</a><a href="https://x.test" rel="noopener noreferrer">y</a>',
    ],
    ['a link without target still gets rel', '<a href="https://x.test">x</a>', '<a href="https://x.test" rel="noopener noreferrer">x</a>'],
    [
      'a given rel is replaced, not merged',
      '<a href="https://x.test" target="_blank" rel="opener">x</a>',
      '<a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a>',
    ],
    ['target in upper case is not _blank', '<a href="https://x.test" target="_BLANK">x</a>', '<a href="https://x.test" rel="noopener noreferrer">x</a>'],
    ['javascript: href is dropped', '<a href="javascript:alert(1)" target="_blank">x</a>', '<a target="_blank" rel="noopener noreferrer">x</a>'],
    ['protocol-relative href is dropped', '<a href="//evil.test">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['mailto stays', '<a href="mailto:a@b.test">x</a>', '<a href="mailto:a@b.test" rel="noopener noreferrer">x</a>'],
  ])('%s', (_name, input, output) => {
    expect(sanitizeContractHtml(input)).toBe(output)
  })
})

describe('sanitizeContractHtml: scripts and styles', () => {
  it.each([
    ['script with its content', '<p>a</p><script>alert(1)</script>', '<p>a</p>'],
    ['event handlers', '<p onclick="alert(1)">a</p><img src=x onerror="alert(1)">', '<p>a</p>'],
    ['style and iframe', '<style>p{}</style><iframe src="https://x.test"></iframe><p>b</p>', '<p>b</p>'],
    ['svg', '<svg onload="alert(1)"><circle/></svg><p>c</p>', '<p>c</p>'],
    ['style attributes', '<p style="background:url(javascript:alert(1))">d</p>', '<p>d</p>'],
    ['formatting survives', '<h2>T</h2><p><strong>b</strong> <em>i</em></p><ul><li>x</li></ul>', '<h2>T</h2><p><strong>b</strong> <em>i</em></p><ul><li>x</li></ul>'],
    ['table spans survive', '<table><tr><td colspan="2">x</td></tr></table>', '<table><tr><td colspan="2">x</td></tr></table>'],
  ])('%s', (_name, input, output) => {
    expect(sanitizeContractHtml(input)).toBe(output)
  })

  it('is idempotent: saving twice changes nothing more', () => {
    const once = sanitizeContractHtml('<a href="https://x.test" target="x" rel="y">x</a><script>1</script><p>p</p>')
    expect(sanitizeContractHtml(once)).toBe(once)
  })
})

describe('sanitizeSubmittedHtml', () => {
  it('sanitizes the HTML field and leaves the others as typed', () => {
    const back = sanitizeSubmittedHtml({ title: '<b>t</b>', content: '<p>ok</p><img src=x onerror=alert(1)><script>x</script>' })
    expect(back).toEqual({ title: '<b>t</b>', content: '<p>ok</p>' })
  })

  it('turns a non-text field into an empty string and leaves a missing one missing', () => {
    expect(sanitizeSubmittedHtml({ content: ['<script>x</script>'] })).toEqual({ content: '' })
    expect(sanitizeSubmittedHtml({ title: 'x' })).toEqual({ title: 'x' })
  })
})

describe('isBlankHtml', () => {
  it('treats an empty editor as blank', () => {
    expect(isBlankHtml('<p><br></p>')).toBe(true)
    expect(isBlankHtml('<p>&nbsp;</p>')).toBe(true)
    expect(isBlankHtml('<p>x</p>')).toBe(false)
  })
})
