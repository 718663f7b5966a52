// The CRM's refusal in a red alert (back-office section 8): its message, and its per-field crmErrors as
// bullets. Apart from crm-error.tsx (which re-exports it) so a list page need not carry the form library.
export type CrmErrorJson = { message: string; crmErrors: Record<string, string> | null } | null

export function CrmErrorList({ error }: { error: CrmErrorJson }) {
  if (!error) return null
  const bullets = Object.entries(error.crmErrors ?? {})
  return (
    <>
      {bullets.length ? (
        <ul className="list-disc pl-5">
          {bullets.map(([field, message]) => (
            <li key={field}>{message}</li>
          ))}
        </ul>
      ) : (
        <span>{error.message}</span>
      )}
    </>
  )
}
