import { describe, expect, it } from 'vitest'
import { normalizeRoutePath } from './request-path'

describe('normalizeRoutePath', () => {
  it.each([
    ['/', '/'],
    ['', '/'],
    ['/logout', '/logout'],
    ['/LogOut/', '/logout'],
    ['/logout.data', '/logout'],
    ['/logout/.data', '/logout'],
    ['/%6Cogout', '/logout'],
    ['/api//file///upload', '/api/file/upload'],
    ['/a/./b/../logout', '/a/logout'],
    ['/a/%2E%2E/logout', '/logout'],
    ['/files/a%2Fb', '/files/a%2fb'],
    ['/bad%zz/escape', '/bad%zz/escape'],
    ['/%E0%A4%A', '/%e0%a4%a'],
    ['/_root.data', '/_root'],
  ] as const)('%s -> %s', (input, expected) => expect(normalizeRoutePath(input)).toBe(expected))
})

// Edges mutation testing found untested (ADR 0103): a path without its leading slash, `.data` only as a suffix.
describe('normalizeRoutePath at its edges', () => {
  it.each([
    ['logout', '/logout'],
    ['logout/', '/logout'],
    ['/x.database', '/x.database'],
    ['/x.data/y', '/x.data/y'],
    ['/logout//.data', '/logout'],
    ['/.data', '/'],
  ])('%s -> %s', (path, expected) => expect(normalizeRoutePath(path)).toBe(expected))
})
