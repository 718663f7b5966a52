// Reading a page action's form: a body that is not a form (JSON, garbage, a wrong content type) is the
// sender's mistake, answered 400, never a 500 from request.formData() throwing.
import { data } from '@remix-run/node'

export const NOT_A_FORM = 'The request body must be a form.'

export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData()
  } catch {
    throw data({ status: false, error: NOT_A_FORM }, { status: 400 })
  }
}
