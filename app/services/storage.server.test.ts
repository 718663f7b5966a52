import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { fullyDecoded, InvalidStorageKeyError, isStorageKey, LocalDiskStorage, newStorageKey, parseStorageKey } from './storage.server'

describe('storage keys', () => {
  it.each([
    ['a generated organisation key', newStorageKey(12, 'pdf')],
    ['a generated avatar key', newStorageKey('avatar', 'png')],
    ['a generated platform key', newStorageKey(null, 'docx')],
    ['a seeded key', '1_seed-welcome-guide.txt'],
  ])('accepts %s', (_name, key) => {
    expect(isStorageKey(key)).toBe(true)
    expect(parseStorageKey(key)).toBe(key)
  })

  it.each([
    ['parent directory', '../secret.txt'],
    ['nested path', 'a/b.txt'],
    ['backslash path', '..\\..\\boot.ini'],
    ['double dot inside', 'avatar_..png'],
    ['two extensions walking up', 'avatar_x/../../1_seed-welcome-guide.txt'],
    ['absolute path', '/etc/passwd'],
    ['NUL byte', 'avatar_x.png\u0000.txt'],
    ['encoded NUL', 'avatar_x.png%00.txt'],
    ['percent-encoded traversal', '..%2F..%2Fpackage.json'],
    ['lower-case encoded dots', '%2e%2e%2fpackage.json'],
    ['double-encoded traversal', '%252e%252e%252fpackage.json'],
    ['encoded backslash', '..%5c..%5cpackage.json'],
    ['malformed escape', 'avatar_%E0%A4%A.png'],
    ['no extension', 'avatar_abc'],
    ['dot file', '.env'],
    ['empty', ''],
    ['too long', `${'a'.repeat(151)}.txt`],
    ['unicode look-alike slash', 'a\u2215b.txt'],
    ['not a string', 42],
  ])('refuses %s', (_name, raw) => {
    expect(parseStorageKey(raw)).toBeNull()
  })

  it('decodes until stable, and gives up on endless encoding', () => {
    expect(fullyDecoded('%252e')).toBe('.')
    expect(fullyDecoded('plain')).toBe('plain')
    expect(fullyDecoded('%25252525252e')).toBeNull()
    expect(fullyDecoded('%E0%A4%A')).toBeNull()
  })
})

describe('local disk storage', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'draftdesk-storage-'))
  const outside = path.join(path.dirname(root), `${path.basename(root)}-outside.txt`)
  writeFileSync(outside, 'outside')
  afterAll(() => {
    rmSync(root, { recursive: true, force: true })
    rmSync(outside, { force: true })
  })

  it('stores, reads and deletes a valid key', async () => {
    const disk = new LocalDiskStorage(root)
    const key = newStorageKey(1, 'txt')
    await disk.put(key, Buffer.from('hi'))
    expect((await disk.get(key))?.toString()).toBe('hi')
    await disk.delete(key)
    expect(await disk.get(key)).toBeNull()
  })

  it('never turns a bad key into a path, for any call', async () => {
    const disk = new LocalDiskStorage(root)
    const escape = `../${path.basename(outside)}`
    await expect(disk.get(escape)).rejects.toBeInstanceOf(InvalidStorageKeyError)
    await expect(disk.put(escape, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidStorageKeyError)
    await expect(disk.delete(escape)).rejects.toBeInstanceOf(InvalidStorageKeyError)
    await expect(disk.get('avatar_x/../../etc.txt')).rejects.toBeInstanceOf(InvalidStorageKeyError)
  })
})
