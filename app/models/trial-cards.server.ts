// One free trial per card (issue 28, ADR 0095): the cards, by Stripe's fingerprint, that have started a trial.
import { platformDb } from '#app/services/db.server'
import { isDuplicateKey } from './people.server'

/** Thrown inside the checkout's payment step when the card's trial is taken; the checkout answers with TRIAL_CARD_USED. */
export class TrialCardUsedError extends Error {
  constructor() {
    super('This card has already had a free trial')
  }
}

/**
 * Takes the card's one trial for the organisation: true when it was free or is already this organisation's
 * (a retried checkout). The primary key decides between parallel checkouts with the same card.
 */
export async function claimTrialCard(fingerprint: string, clientId: number): Promise<boolean> {
  try {
    await platformDb.insertInto('trial_cards').values({ fingerprint, taken_by: clientId }).execute()
    return true
  } catch (error) {
    if (!isDuplicateKey(error)) throw error
  }
  const row = await platformDb.selectFrom('trial_cards').select('taken_by').where('fingerprint', '=', fingerprint).executeTakeFirst()
  return row?.taken_by === clientId
}

/** Gives the trial back when the subscription that was to use it was not made. */
export async function releaseTrialCard(fingerprint: string, clientId: number): Promise<void> {
  await platformDb.deleteFrom('trial_cards').where('fingerprint', '=', fingerprint).where('taken_by', '=', clientId).execute()
}
