// A questionnaire's answers as a definition list: the staff project page and the contributor's order page
// show the customer's brief the same way.
export function BriefAnswers({ answers }: { answers: readonly { id: string; question: string; answer: string }[] }) {
  if (!answers.length) return null
  return (
    <dl className="mt-2 space-y-2 text-sm">
      {answers.map((a) => (
        <div key={a.id}>
          <dt className="font-medium text-gray-900">{a.question}</dt>
          <dd className="whitespace-pre-wrap text-gray-700">{a.answer || '—'}</dd>
        </div>
      ))}
    </dl>
  )
}
