import { describe, expect, it } from 'vitest'
import { realmDisplayName } from './realm'

describe('realmDisplayName', () => {
  it.each([
    [null, 'Demo Writing Co', 'Draftdesk platform'],
    [7, 'Demo Writing Co', 'Demo Writing Co'],
    [7, null, 'your organisation'],
    [7, '', 'your organisation'],
  ] as const)('client %s named %s: %s', (clientId, name, expected) => expect(realmDisplayName(clientId, name)).toBe(expected))
})
