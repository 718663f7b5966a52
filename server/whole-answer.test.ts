import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { answerEncoding, encodeAnswer, isWholeAnswer } from './whole-answer'

const accepting = (...encodings: string[]) => ({
  acceptsEncodings: (offered: string) => (encodings.includes(offered) ? offered : false),
})

describe('whole answers', () => {
  it('are pages, JSON and single fetch data; downloads, encoded answers and event streams are not', () => {
    const typed = (type: string, more: Record<string, string> = {}) => new Headers({ 'Content-Type': type, ...more })
    for (const type of ['text/html; charset=utf-8', 'application/json', 'application/problem+json', 'text/x-script']) expect(isWholeAnswer(typed(type))).toBe(true)
    for (const type of ['text/csv', 'application/pdf', 'text/event-stream', 'application/octet-stream']) expect(isWholeAnswer(typed(type))).toBe(false)
    expect(isWholeAnswer(new Headers())).toBe(false)
    // A file served as JSON streams from storage; an answer already compressed is not compressed again.
    expect(isWholeAnswer(typed('application/json', { 'Content-Disposition': 'attachment; filename="data.json"' }))).toBe(false)
    expect(isWholeAnswer(typed('text/html', { 'Content-Encoding': 'gzip' }))).toBe(false)
  })

  it('go as they are below 1 kB or when the client accepts neither brotli nor gzip', () => {
    expect(answerEncoding(accepting('br', 'gzip'), 1023)).toBe('identity')
    expect(answerEncoding(accepting('deflate'), 5000)).toBe('identity')
    expect(answerEncoding(accepting('br', 'gzip'), 1024)).toBe('br')
    expect(answerEncoding(accepting('gzip'), 5000)).toBe('gzip')
  })

  it('decode to what was encoded', () => {
    const body = Buffer.from('<!DOCTYPE html><html>' + '<tr><td>row</td></tr>'.repeat(500) + '</html>')
    expect(brotliDecompressSync(encodeAnswer(body, 'br', 1)).equals(body)).toBe(true)
    expect(gunzipSync(encodeAnswer(body, 'gzip', 1)).equals(body)).toBe(true)
    expect(encodeAnswer(body, 'identity', 1)).toBe(body)
    expect(encodeAnswer(body, 'br', 1).length).toBeLessThan(body.length / 10)
  })
})
