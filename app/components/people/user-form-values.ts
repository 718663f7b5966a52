// The staff user form's values and its empty start: apart from the form (user-form.tsx re-exports them) so
// the users list builds them without loading the form library with the page (ADR 0077).
export type UserFormValues = {
  firstName: string
  lastName: string
  email: string
  permissions: string[]
  levels: string
  services: string
  languages: string
  certificates: string
  expertise: string
  availableDays: string[]
  schedulingLink: string
}

export const EMPTY_USER: UserFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  permissions: [],
  levels: '',
  services: '',
  languages: '',
  certificates: '',
  expertise: '',
  availableDays: [],
  schedulingLink: '',
}
