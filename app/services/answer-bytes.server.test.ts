// ADR 0115: an answer made whole keeps its bytes for the server, and reads as the same bytes for anyone else.
import { describe, expect, it } from 'vitest'
import { answerBytesOf, answerWithBytes } from './answer-bytes.server'
import { apiJson } from './http.server'

describe('answers with their bytes', () => {
  it('read back as the bytes they were made from, by the server and through the body', async () => {
    const bytes = Buffer.from('<!DOCTYPE html><p>Ça coûte 5 €, “quoted” 👍</p>')
    const response = answerWithBytes(bytes, { status: 201, headers: { 'Content-Type': 'text/html' } })
    expect(answerBytesOf(response)).toBe(bytes)
    expect(response.status).toBe(201)
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true)
    // The bytes cannot be swapped for others than the body holds.
    expect(() => Object.assign(response, { [Symbol.for('draftdesk.answer-bytes')]: Buffer.from('other') })).toThrow(TypeError)
  })

  it('are found only on answers made that way', () => {
    expect(answerBytesOf(new Response('plain'))).toBeUndefined()
    expect(answerBytesOf(Response.json({ a: 1 }))).toBeUndefined()
  })

  it('carry the JSON API answers as Response.json would', async () => {
    const answer = apiJson({ status: true, rows: [{ name: 'Zoë' }] }, 202, { 'X-Total': '1' })
    expect(answer.status).toBe(202)
    expect(answer.headers.get('Content-Type')).toBe('application/json')
    expect(answer.headers.get('X-Total')).toBe('1')
    const expected = { statusCode: 202, status: true, rows: [{ name: 'Zoë' }] }
    expect(JSON.parse(answerBytesOf(answer)!.toString('utf8'))).toEqual(expected)
    expect(await answer.json()).toEqual(expected)
    // A caller's own type is kept.
    expect(apiJson({ status: false }, 400, { 'Content-Type': 'application/problem+json' }).headers.get('Content-Type')).toBe('application/problem+json')
  })
})
