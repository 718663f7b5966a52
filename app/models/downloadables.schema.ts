// Downloadable files: the title and uploaded-file rules shared by the pages and /api/downloadable/*.
import { withZod } from '@remix-validated-form/with-zod'
import { z } from 'zod'
import { FILE_NAME_RULE, isAllowedFileName } from '#app/rules/file-name'

export const TITLE_REQUIRED = 'Title cannot be empty'
export const FILE_REQUIRED = 'Please upload the file'
export const CHANGE_REQUIRED = 'At-least one change required in order to update'
export const DOWNLOADABLE_MAX_BYTES = 20 * 1024 * 1024

const title = z.string({ required_error: TITLE_REQUIRED, invalid_type_error: TITLE_REQUIRED }).trim().min(1, TITLE_REQUIRED).max(191, 'Title is too long')

/** The page form: the file itself is checked by the action (it is a multipart File). */
export const downloadableFormSchema = z.object({ title })
export const downloadableValidator = withZod(downloadableFormSchema)

/** The uploaded file object answered by POST /api/file/upload. */
export const uploadedFileSchema = z.object(
  {
    key: z.string({ required_error: FILE_REQUIRED }).min(1, FILE_REQUIRED).max(191),
    originalname: z.string().max(255).refine(isAllowedFileName, FILE_NAME_RULE).optional(),
    size: z.coerce.number().optional(),
  },
  { required_error: FILE_REQUIRED, invalid_type_error: FILE_REQUIRED },
)

export const createDownloadableSchema = z.object({ title, data: uploadedFileSchema })
export const editDownloadableSchema = z.object({
  id: z.string({ required_error: 'Not found' }).min(1).max(24),
  title,
  data: uploadedFileSchema.nullish(),
})
export const archiveSchema = z.object({
  archived: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], { required_error: 'archived is required' }),
  isTemplate: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional(),
})
