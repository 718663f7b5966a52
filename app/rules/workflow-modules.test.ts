import { describe, expect, it } from 'vitest'
import {
  availableModules,
  CREATE_TITLES,
  defaultModulesFor,
  insertItem,
  isRenamable,
  isServiceType,
  MODULE_NOT_AVAILABLE,
  MODULE_REPEATED,
  moduleProblems,
  moveItem,
  originalTitle,
  paletteFor,
  showsBell,
  systemModulesFor,
} from './workflow-modules'

const forms = [{ id: 'form1', title: 'Intake form' }]
const ids = (type: Parameters<typeof systemModulesFor>[0]) => systemModulesFor(type).map((m) => m.id)

describe('modules per workflow type', () => {
  it('resume and cover letter get the five document modules', () => {
    for (const type of ['resume', 'cover'] as const) {
      expect(ids(type)).toEqual(['previous_document', 'additional_questionnaire', 'revision_process', 'final_document', 'schedule_appointment'])
    }
  })
  it('linkedin has no follow-up questions and its own final module', () => {
    expect(ids('linkedin')).not.toContain('additional_questionnaire')
    expect(ids('linkedin')).toContain('final_linkedin')
    expect(ids('resume')).not.toContain('final_linkedin')
  })
  it('custom starts empty; typed boards start with their system modules placed', () => {
    expect(defaultModulesFor('custom')).toEqual([])
    expect(defaultModulesFor('linkedin').map((m) => m.id)).toEqual(ids('linkedin'))
    expect(availableModules('custom', forms).map((m) => m.id)).toContain('final_document')
    expect(availableModules('custom', []).map((m) => m.id)).toEqual(['previous_document', 'additional_questionnaire', 'revision_process', 'final_document', 'schedule_appointment'])
    expect(availableModules('custom', forms).at(-1)).toEqual({ id: 'form1', title: 'Intake form', kind: 'form' })
  })
  it('labels Upload Documents and Follow Up Questions', () => {
    const resume = availableModules('resume', forms)
    expect(resume.find((m) => m.id === 'previous_document')?.title).toBe('Upload Documents')
    expect(resume.find((m) => m.id === 'additional_questionnaire')?.title).toBe('Follow Up Questions')
    expect(resume.at(-1)).toMatchObject({ id: 'form1', kind: 'form' })
  })
  it('has the exact page titles', () => {
    expect(CREATE_TITLES).toEqual({
      resume: 'Add New Resume Writing Workflow',
      cover: 'Add New Cover Letter Workflow',
      linkedin: 'Add New Linkedin Profile Development Workflow',
      custom: 'Add New Workflow',
    })
  })
})

describe('bells, renaming and checks', () => {
  it('custom shows a bell everywhere, typed pages not on final modules', () => {
    expect(showsBell('custom', 'final_document')).toBe(true)
    expect(showsBell('resume', 'final_document')).toBe(false)
    expect(showsBell('linkedin', 'final_linkedin')).toBe(false)
    expect(showsBell('resume', 'previous_document')).toBe(true)
  })
  it('knows renamable modules and original titles', () => {
    expect(isRenamable('previous_document')).toBe(true)
    expect(isRenamable('final_document')).toBe(false)
    expect(isRenamable('revision_process')).toBe(false)
    expect(isRenamable('final_linkedin')).toBe(false)
    expect(originalTitle('previous_document', forms)).toBe('Upload Documents')
    expect(originalTitle('form1', forms)).toBe('Intake form')
    expect(originalTitle('nope', forms)).toBeNull()
  })
  it('rejects foreign and repeated modules', () => {
    expect(moduleProblems('linkedin', ['additional_questionnaire'], [])).toBe(MODULE_NOT_AVAILABLE)
    expect(moduleProblems('custom', ['final_linkedin'], [])).toBe(MODULE_NOT_AVAILABLE)
    expect(moduleProblems('resume', ['form1', 'form1'], ['form1'])).toBe(MODULE_REPEATED)
    expect(moduleProblems('resume', ['previous_document', 'form1'], ['form1'])).toBeNull()
    // One foreign module among allowed ones is enough to refuse the board.
    expect(moduleProblems('linkedin', ['previous_document', 'additional_questionnaire', 'final_linkedin'], [])).toBe(MODULE_NOT_AVAILABLE)
    expect(moduleProblems('resume', ['previous_document', 'form2'], ['form1'])).toBe(MODULE_NOT_AVAILABLE)
    expect(moduleProblems('custom', [], [])).toBeNull()
  })
  it('palette hides chosen modules', () => {
    expect(paletteFor(availableModules('linkedin', []), ['previous_document']).map((m) => m.id)).toEqual(['revision_process', 'final_linkedin', 'schedule_appointment'])
  })
  it('moves and inserts', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a'])
    expect(moveItem(['a', 'b', 'c'], 2, -5)).toEqual(['c', 'a', 'b'])
    expect(moveItem(['a'], 3, 0)).toEqual(['a'])
    // `from` just past the end moves nothing.
    expect(moveItem(['a', 'b', 'c'], 3, 0)).toEqual(['a', 'b', 'c'])
    expect(insertItem(['a', 'c'], 'b', 1)).toEqual(['a', 'b', 'c'])
    expect(insertItem(['a'], 'b')).toEqual(['a', 'b'])
  })
})

// Edges mutation testing found untested (ADR 0103).
describe('workflow edges', () => {
  it.each<[unknown, boolean]>([
    ['resume', true],
    ['custom', true],
    ['Resume', false],
    ['', false],
    [1, false],
    [null, false],
  ])('%j is a service type: %s', (value, ok) => expect(isServiceType(value)).toBe(ok))
  it('starts typed boards with their system modules and no reminders', () => {
    const modules = defaultModulesFor('resume')
    expect(modules.length).toBeGreaterThan(0)
    for (const m of modules) expect(m.reminders).toEqual([])
  })
  it('leaves the list as it is for a position past its end', () => {
    expect(moveItem(['a', 'b'], 2, 0)).toEqual(['a', 'b'])
    expect(moveItem(['a', 'b'], -1, 0)).toEqual(['a', 'b'])
  })
})
