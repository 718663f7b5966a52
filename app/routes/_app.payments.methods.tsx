// /payments/methods: the organisation's cards (brand, last digits, expiry, default) with Add Card and
// Set Default; card errors show Stripe's message, other failures the spec's Error 0002 texts (ADR 0036).
// Cards are entered as at checkout: Stripe Elements with a publishable key, test cards in test mode (ADR 0039).
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ValidatedForm, validationError } from 'remix-validated-form'
import { CardEntry, type CardEntryMode, useCardSubmit } from '#app/components/checkout/card-entry'
import { CheckboxField, FormAlert, smallButton, SubmitButton, SuccessAlert } from '#app/components/forms'
import { SmallTable } from '#app/components/content/list-parts'
import { Badge, PageHeader } from '#app/components/page'
import { ProviderError } from '#app/components/platform/billing-form'
import { ADD_FAILED, addPaymentMethodValidator, CARD_ADDED, DEFAULT_CHANGED, DEFAULT_FAILED, type PaymentMethodJson, setDefaultSchema } from '#app/models/payment-methods.schema'
import { paymentMethodActions } from '#app/models/payment-methods.server'
import { can } from '#app/rules/permissions'
import { routeGuard } from '#app/rules/routes'
import { requirePermission } from '#app/models/auth-guards.server'
import { redirectWithToast, takeToast } from '#app/services/flash.server'
import { buttonClass } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { useHydrated } from '#app/ui/use-hydrated'
import { billingService, formRequestKey, newRequestKey } from '#app/services/billing-request.server'
import { cardEntryMode } from './client-billing-request.server'
import { GENERIC_ERROR } from '#app/services/http.server'
import { readForm } from '#app/services/form-request.server'

const WRITE = { all: ['WRITE_PAYMENT_METHOD'] }

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/payments/methods'))
  const payments = billingService()
  let methods: PaymentMethodJson[] = []
  let loadError: string | null = payments ? null : GENERIC_ERROR
  if (payments) {
    try {
      methods = await paymentMethodActions.list(t, payments)
    } catch (error) {
      console.error('[billing] listing cards failed', error instanceof Error ? error.message : error)
      loadError = GENERIC_ERROR
    }
  }
  const { toast, headers } = await takeToast(request)
  return data(
    { methods, loadError, toast, canWrite: can(t.user, WRITE), pastDue: t.user.packageStatus === 'past_due', requestKey: newRequestKey(), card: cardEntryMode() },
    { headers },
  )
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request)
  switch (form.get('intent')) {
    case 'add':
      return addCard(request, form)
    case 'default':
      return setDefault(request, form)
    default:
      return data({ error: 'Unknown action', requestKey: newRequestKey() }, { status: 400 })
  }
}

const paidNote = (paid: string[]) => (paid.length ? ` Paid invoice ${paid.join(', ')}.` : '')

async function addCard(request: Request, form: FormData) {
  const t = await requirePermission(request, WRITE)
  const result = await addPaymentMethodValidator.validate(form)
  if (result.error) return validationError(result.error, result.submittedData)
  const payments = billingService()
  const outcome = payments
    ? await paymentMethodActions.add(t, request, { paymentMethodId: result.data.data, makeDefault: result.data.makeDefault }, payments, formRequestKey(form))
    : null
  if (!outcome?.ok) {
    // A new key: trying again (the same card included) is a new operation, not a replay of the refusal.
    return validationError({ fieldErrors: { _form: outcome?.error ?? ADD_FAILED } }, { ...result.submittedData, requestKey: newRequestKey() })
  }
  return redirectWithToast(request, '/payments/methods', `${CARD_ADDED}${paidNote(outcome.value.paidInvoices)}`)
}

async function setDefault(request: Request, form: FormData) {
  const t = await requirePermission(request, WRITE)
  const parsed = setDefaultSchema.safeParse({ id: form.get('id') })
  if (!parsed.success) return data({ error: DEFAULT_FAILED, requestKey: newRequestKey() }, { status: 400 })
  const payments = billingService()
  const outcome = payments ? await paymentMethodActions.setDefault(t, request, parsed.data.id, payments, formRequestKey(form)) : null
  if (!outcome?.ok) return data({ error: outcome?.error ?? DEFAULT_FAILED, requestKey: newRequestKey() }, { status: outcome?.status ?? 503 })
  return redirectWithToast(request, '/payments/methods', `${DEFAULT_CHANGED}${paidNote(outcome.value.paidInvoices)}`)
}

type ActionAnswer = { error?: string; requestKey?: string; repopulateFields?: { requestKey?: string } }

const brandName = (brand: string) => (brand === 'amex' ? 'American Express' : brand.charAt(0).toUpperCase() + brand.slice(1))

export default function PaymentMethodsRoute() {
  const { methods, loadError, toast, canWrite, pastDue, requestKey, card } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>() as ActionAnswer | undefined
  const key = answer?.requestKey ?? answer?.repopulateFields?.requestKey ?? requestKey
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'default'
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeader title="Payment Methods" />
      <SuccessAlert>{toast}</SuccessAlert>
      <FormAlert>{loadError ?? answer?.error}</FormAlert>
      <SmallTable<PaymentMethodJson>
        label="Payment Methods"
        rows={methods}
        columns={[
          {
            header: 'Card',
            cell: (m) => (
              <span className="font-medium">
                {brandName(m.brand)} •••• {m.last4}
              </span>
            ),
          },
          { header: 'Expires', cell: (m) => `${String(m.exp_month).padStart(2, '0')}/${m.exp_year}` },
          {
            header: 'Default',
            cell: (m) =>
              m.is_default ? (
                <Badge tone="green">Default</Badge>
              ) : canWrite ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="default" />
                  <input type="hidden" name="id" value={m._id} />
                  <input type="hidden" name="requestKey" value={key} />
                  <button type="submit" className={smallButton} disabled={busy} aria-label={`Set ${brandName(m.brand)} ending ${m.last4} as default`}>
                    Set Default
                  </button>
                </Form>
              ) : null,
          },
        ]}
      />
      {canWrite ? <AddCard requestKey={key} card={card} pastDue={pastDue} /> : null}
    </div>
  )
}

function AddCard({ requestKey, card, pastDue }: { requestKey: string; card: CardEntryMode; pastDue: boolean }) {
  const hydrated = useHydrated()
  // With Elements the card becomes a payment method in the browser first; its id then goes in the form.
  const { formRef, cardRef: entry, cardError, preparing: saving, onSubmitClick: add } = useCardSubmit('data')

  if (card.kind === 'unavailable') {
    return (
      <Card aria-label="Add Card">
        <h2 className="mb-3 text-lg font-semibold text-gray-900">Add Card</h2>
        <p className="text-sm text-gray-600">Adding a card is not available right now: card entry is not configured on this server.</p>
      </Card>
    )
  }
  const testCardsShown = card.kind === 'test-cards' || (!hydrated && card.testCards.length > 0)
  return (
    <Card aria-label="Add Card">
      <h2 className="mb-3 text-lg font-semibold text-gray-900">Add Card</h2>
      <ValidatedForm formRef={formRef} method="post" validator={addPaymentMethodValidator} noValidate className="space-y-4" aria-label="Add card">
        <ProviderError />
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="requestKey" value={requestKey} />
        {testCardsShown ? <p className="text-sm text-gray-600">Test mode: choose one of Stripe&apos;s test cards.</p> : null}
        <CardEntry ref={entry} mode={card} name="data" label="Card" placeholder="Select" />
        <FormAlert>{cardError}</FormAlert>
        <CheckboxField name="makeDefault" label="Make this my default card" />
        {pastDue ? <p className="text-sm text-amber-800">While an invoice is open, the card you add or make default pays it at once.</p> : null}
        <div>
          {/* Disabled while Stripe makes the payment method; SubmitButton itself disables it while the form is sent. */}
          <SubmitButton className={buttonClass('primary')} onClick={add} {...(saving ? { disabled: true } : {})}>
            Add Card
          </SubmitButton>
        </div>
      </ValidatedForm>
    </Card>
  )
}

export const meta: MetaFunction = () => [{ title: 'Payment Methods | Draftdesk' }]
