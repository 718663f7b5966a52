// Contracts and platform contract templates: title and HTML content (sanitized by the server on save).
import { withZod } from '@remix-validated-form/with-zod'
import { z } from 'zod'

export const CONTRACT_NAME_REQUIRED = 'Enter Contract Name'
export const CONTRACT_MAX_HTML = 500_000

const title = z
  .string({ required_error: CONTRACT_NAME_REQUIRED, invalid_type_error: CONTRACT_NAME_REQUIRED })
  .trim()
  .min(1, CONTRACT_NAME_REQUIRED)
  .max(191, 'Contract name is too long')
const content = z.string({ invalid_type_error: 'Content must be text' }).max(CONTRACT_MAX_HTML, 'The contract is too long').default('')

export const contractFormSchema = z.object({ title, content })
export const contractUpdateSchema = z.object({ id: z.string().max(24).optional(), title, content })
export const contractCloneSchema = z.object({
  templateId: z.string({ required_error: 'Please select a template' }).min(1, 'Please select a template').max(24),
  title,
  content: content.optional(),
})
export const contractTemplateSchema = z.object({ _id: z.string().max(24).optional(), title, content })
export const contractPackageSchema = z.object({
  contractID: z.string({ required_error: 'Please select a contract' }).min(1, 'Please select a contract').max(24),
  packageID: z.string({ required_error: 'Please select a product' }).min(1, 'Please select a product').max(24),
  oldContractId: z.string().max(24).nullish(),
})

export const contractValidator = withZod(contractFormSchema)
