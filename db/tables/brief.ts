// The customer's brief (issue 25, ADR 0061): answers, follow-up questions and appointments per order, workflow and module.
import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely'
import type { Timestamp } from './core'

/** A file the customer attached to an answer (a questionnaire's file item). */
export type AnswerFile = { _id: string; name: string }
/** One item's answer: text (short, long, date, single choice), choices (multiple choice) or files. */
export type AnswerValue = string | string[] | AnswerFile[]
export type Answers = Record<string, AnswerValue>

export type FollowUpQuestion = { id: string; text: string }
export type Appointment = { link: string | null; proposals: string[]; chosen: string | null }

type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>

export interface BriefResponsesTable {
  id: Generated<number>
  client_id: number
  order_id: number
  service_id: string
  module_id: string
  answers: JSONColumnType<Answers, string, string>
  questions: NullableJson<FollowUpQuestion[]>
  questions_sent_at: Date | null
  questions_sent_by: number | null
  appointment: NullableJson<Appointment>
  submitted_at: Date | null
  submitted_by: number | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface BriefTables {
  brief_responses: BriefResponsesTable
}

export type BriefResponse = Selectable<BriefResponsesTable>

export const BRIEF_TENANT_TABLES = ['brief_responses'] as const
