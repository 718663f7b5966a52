// Card entry (checkout, and adding a card on /payments/methods): Stripe Elements when a publishable key
// is configured and JavaScript runs; otherwise (no JavaScript, a test key, the local emulator) a choice
// of Stripe's test payment methods. Either way the form sends a payment method id in field `name`.
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js'
import { loadStripe, type Stripe } from '@stripe/stripe-js'
import { forwardRef, useImperativeHandle, useRef, useState } from 'react'
import { SelectField } from '#app/components/forms'
import { useHydrated } from '#app/ui/use-hydrated'

export type CardEntryMode =
  | { kind: 'elements'; publishableKey: string; testCards: TestCard[]; /** Direct charges: the connected account the payment method is made on. */ stripeAccount?: string }
  | { kind: 'test-cards'; testCards: TestCard[] }
  | { kind: 'unavailable' }
export type TestCard = { value: string; label: string }

/** Turns what the buyer typed into a payment method id before the form is sent; null when nothing is needed. */
export type CardEntryHandle = { paymentMethod(): Promise<{ id: string } | { error: string }> | null }

/** One Stripe.js per account the page pays (the platform's, or an organisation's connected account). */
const stripePromises = new Map<string, Promise<Stripe | null>>()

type CardEntryProps = {
  mode: CardEntryMode
  /** The form field that carries the payment method id. */
  name?: string
  /** The test-card select's label and empty choice. */
  label?: string
  placeholder?: string
}

export const CardEntry = forwardRef<CardEntryHandle, CardEntryProps>(function CardEntry({ mode, name = 'payment', label = 'Card (test mode)', placeholder }, ref) {
  const hydrated = useHydrated()
  const elementsCard = useRef<CardEntryHandle>(null)
  useImperativeHandle(ref, () => ({ paymentMethod: () => elementsCard.current?.paymentMethod() ?? null }))
  if (mode.kind === 'unavailable') return <p className="text-sm text-red-600">Card payments are not available right now. Please try again later.</p>
  if (mode.kind === 'elements' && hydrated) {
    const cacheKey = `${mode.publishableKey}/${mode.stripeAccount ?? ''}`
    if (!stripePromises.has(cacheKey)) stripePromises.set(cacheKey, loadStripe(mode.publishableKey, mode.stripeAccount ? { stripeAccount: mode.stripeAccount } : undefined))
    return (
      <Elements stripe={stripePromises.get(cacheKey)!}>
        <ElementsCard ref={elementsCard} name={name} />
      </Elements>
    )
  }
  if (mode.testCards.length === 0) return <p className="text-sm text-gray-600">Please enable JavaScript to enter your card.</p>
  return <SelectField name={name} label={label} placeholder={placeholder} options={mode.testCards} />
})

const ElementsCard = forwardRef<CardEntryHandle, { name: string }>(function ElementsCard({ name }, ref) {
  const stripe = useStripe()
  const elements = useElements()
  const [paymentMethodId, setPaymentMethodId] = useState('')
  useImperativeHandle(ref, () => ({
    async paymentMethod() {
      const card = elements?.getElement(CardElement)
      if (!stripe || !card) return { error: 'Please enter your card details' }
      const result = await stripe.createPaymentMethod({ type: 'card', card })
      if (result.error) return { error: result.error.message ?? 'Please enter your card details' }
      setPaymentMethodId(result.paymentMethod.id)
      return { id: result.paymentMethod.id }
    },
  }))
  return (
    <div>
      <span className="mb-1 block text-sm font-medium text-gray-700">Card</span>
      <div className="rounded-md px-3 py-2.5 shadow-sm ring-1 ring-inset ring-gray-300">
        <CardElement options={{ hidePostalCode: true }} />
      </div>
      <input type="hidden" name={name} value={paymentMethodId} />
    </div>
  )
})

/**
 * The submit of a form with card entry: with Elements, the card becomes a payment method in the
 * browser first and its id goes in field `name`, then the form is sent as usual; without Elements
 * the click goes through untouched. `preparing` is true while Stripe.js works.
 */
export function useCardSubmit(name: string) {
  const formRef = useRef<HTMLFormElement>(null)
  const cardRef = useRef<CardEntryHandle>(null)
  const [cardError, setCardError] = useState<string | null>(null)
  const [preparing, setPreparing] = useState(false)
  async function onSubmitClick(event: React.MouseEvent<HTMLButtonElement>) {
    const pending = cardRef.current?.paymentMethod()
    if (!pending) return
    event.preventDefault()
    setCardError(null)
    setPreparing(true)
    const result = await pending
    setPreparing(false)
    if ('error' in result) return setCardError(result.error)
    const field = formRef.current?.elements.namedItem(name) as HTMLInputElement | null
    if (field) field.value = result.id
    formRef.current?.requestSubmit()
  }
  return { formRef, cardRef, cardError, preparing, onSubmitClick }
}
