// Client and server share these remix-validated-form validators (built from the zod schemas).
import { withZod } from '@remix-validated-form/with-zod'
import { downloadableFormSchema } from '#app/models/downloadables.schema'

export const downloadableValidator = withZod(downloadableFormSchema)
