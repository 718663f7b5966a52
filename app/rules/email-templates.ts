// System e-mail templates: the four channels, the default template of every e-mail the product sends,
// their dynamic fields with sample values for the preview, and the editor's validation messages.
// Pure data and string work, shared by the server (renderer, API) and the settings screen.

export const EMAIL_CHANNELS = [
  { key: 'adminToCustomer', label: 'Admin to Customer' },
  { key: 'adminToWriter', label: 'Admin to Contributor' },
  { key: 'writerToCustomer', label: 'Contributor to Customer' },
  { key: 'customerToWriter', label: 'Customer to Contributor' },
] as const
export type EmailChannel = (typeof EMAIL_CHANNELS)[number]['key']
export const CHANNEL_KEYS = EMAIL_CHANNELS.map((c) => c.key) as [EmailChannel, ...EmailChannel[]]

export function isEmailChannel(value: unknown): value is EmailChannel {
  return typeof value === 'string' && (CHANNEL_KEYS as readonly string[]).includes(value)
}

// Section 5: the first two messages are the spec's; title and button text have none there (ADR 0045).
export const SUBJECT_REQUIRED = 'Please enter the email subject'
export const BODY_REQUIRED = 'Please enter email body'
export const TITLE_REQUIRED = 'Please enter the email title'
export const BUTTON_TEXT_REQUIRED = 'Please enter the button text'
export const UNKNOWN_CHANNEL = 'Choose one of the four e-mail channels'
/** The spec's 'successfully saved.' (section 'Messages'): a system e-mail template was saved (ADR 0090). */
export const TEMPLATE_SAVED = 'successfully saved.'
export const UNKNOWN_TEMPLATE = 'This e-mail template does not exist'
export const WRONG_CHANNEL = 'This e-mail template belongs to another channel'
export const ALREADY_CUSTOMISED = 'This e-mail template is already customised: save it with PATCH'
export const TEMPLATE_NOT_FOUND = 'Email template not found'

export const LIMITS = { subject: 255, title: 255, body: 50_000, buttonText: 100 } as const

/** A value the code fills in; `{{key}}` in a subject, title, body or button text is replaced by it. */
export type DynamicField = { key: string; label: string; sample: string }

export const FIELDS = {
  companyName: { label: 'Company name', sample: 'Demo Writing Co' },
  customerName: { label: 'Customer name', sample: 'Jane Doe' },
  customerFirstName: { label: 'Customer first name', sample: 'Jane' },
  customerEmail: { label: 'Customer e-mail', sample: 'jane.doe@example.com' },
  contributorName: { label: 'Contributor name', sample: 'Alex Writer' },
  contributorFirstName: { label: 'Contributor first name', sample: 'Alex' },
  senderName: { label: 'Sender name', sample: 'Sam Admin' },
  productName: { label: 'Product name', sample: 'Executive Resume Package' },
  serviceName: { label: 'Workflow name', sample: 'Resume Writing' },
  moduleTitle: { label: 'Module title', sample: 'Upload Documents' },
  orderId: { label: 'Order number', sample: 'K7Q2M9XW' },
  orderList: { label: 'Assigned orders (one per line)', sample: 'Executive Resume Package for Jane Doe (order K7Q2M9XW)' },
  ordersAssigned: { label: 'New order(s)', sample: 'New order' },
  assignmentNote: { label: 'Message and file sent with the assignment', sample: 'Message: Start with the summary' },
  invoiceNumber: { label: 'Invoice number', sample: 'INV-1042' },
  invoiceAmount: { label: 'Invoice amount', sample: '$199.00' },
  formName: { label: 'Form name', sample: 'Career Questionnaire' },
  rejectionReason: { label: 'Rejection reason', sample: 'Please shorten the summary to three lines.' },
  dueDate: { label: 'Due date', sample: 'Tuesday, 3 March 2026 at 10:00 UTC' },
  revisionNotes: { label: "The customer's revision request", sample: 'Please add my latest role at Acme.' },
  message: { label: 'Chat message', sample: 'Could you share the latest draft?' },
  appointmentDate: { label: 'Appointment date', sample: 'Tuesday, 3 March 2026 at 10:00' },
  rating: { label: 'Rating (1 to 5)', sample: '5' },
  review: { label: 'Review', sample: 'Great work, thank you!' },
  firstName: { label: 'First name', sample: 'Jane' },
  realmName: { label: 'Organisation name', sample: 'Demo Writing Co' },
  code: { label: 'Verification code', sample: '123456' },
  newEmail: { label: 'New e-mail address', sample: 'jane.new@example.com' },
  oldEmail: { label: 'Old e-mail address', sample: 'jane.doe@example.com' },
  subdomain: { label: 'Portal subdomain', sample: 'demowriting' },
  customDomain: { label: 'Custom domain', sample: 'portal.example.com' },
  previousDomain: { label: 'Previous custom domain', sample: 'none' },
  trialEnd: { label: 'Trial end', sample: 'on Tue, 03 Mar 2026 10:00:00 GMT' },
  autoAcceptDate: { label: 'Date a draft is accepted automatically', sample: 'Tuesday, 3 March 2026' },
} as const satisfies Record<string, { label: string; sample: string }>
export type FieldKey = keyof typeof FIELDS

/** Filled by the code that sends, never typed into a template: where the call-to-action button leads. */
export const IN_CODE_FIELDS = ['buttonLink'] as const

export type TemplateContent = { subject: string; title: string; body: string; button_text: string }

export type DefaultTemplate = TemplateContent & {
  code: string
  /** The channel it is listed and customised under; null for account and billing mails, which are not customisable. */
  between: EmailChannel | null
  description: string
  fields: readonly FieldKey[]
  /** Account and billing mails to an organisation's owner come from the platform, the rest from the organisation. */
  brand: 'organisation' | 'platform'
  /** A website setting that stops the product from sending it (shown on the settings screen). */
  offWhen?: { setting: 'disable_customer_rating' | 'enable_revisions_approval_feature'; value: boolean; note: string }
}

const CUSTOMER = ['customerFirstName', 'customerName', 'companyName', 'productName', 'orderId'] as const
const CONTRIBUTOR = ['contributorFirstName', 'contributorName', 'customerName', 'companyName', 'productName', 'orderId'] as const

function customerTemplate(t: Omit<DefaultTemplate, 'brand' | 'fields'> & { fields?: readonly FieldKey[] }): DefaultTemplate {
  return { brand: 'organisation', ...t, fields: [...CUSTOMER, ...(t.fields ?? [])] }
}
function contributorTemplate(t: Omit<DefaultTemplate, 'brand' | 'fields'> & { fields?: readonly FieldKey[] }): DefaultTemplate {
  return { brand: 'organisation', ...t, fields: [...CONTRIBUTOR, ...(t.fields ?? [])] }
}

const APPROVAL_OFF = { setting: 'enable_revisions_approval_feature', value: false, note: 'Not sent while revisions approval is turned off' } as const
const RATING_OFF = { setting: 'disable_customer_rating', value: true, note: 'Not sent while customer rating is turned off' } as const

const DRAFT_KINDS = [
  { key: 'resume', noun: 'resume' },
  { key: 'cover', noun: 'cover letter' },
  { key: 'linkedin', noun: 'LinkedIn profile' },
  { key: 'custom', noun: '{{serviceName}}' },
] as const

const draftTemplates: DefaultTemplate[] = DRAFT_KINDS.flatMap(({ key, noun }) => [
  customerTemplate({
    code: `draft_uploaded_${key}`,
    between: 'writerToCustomer',
    description: `Sent to the customer when the first draft of their ${key === 'custom' ? 'custom document' : noun} is uploaded.`,
    subject: `Your ${noun} draft is ready`,
    title: `Your first ${noun} draft is ready`,
    body: `<p>Hi {{customerFirstName}},</p><p>{{contributorName}} uploaded the first draft of your ${noun} for order {{orderId}}. Please review it and tell us what you think.</p>`,
    button_text: 'Review your draft',
    fields: ['contributorName', 'serviceName'],
  }),
  customerTemplate({
    code: `draft_revised_${key}`,
    between: 'writerToCustomer',
    description: `Sent to the customer when a revised draft of their ${key === 'custom' ? 'custom document' : noun} is uploaded after a revision.`,
    subject: `Your revised ${noun} draft is ready`,
    title: `Your revised ${noun} is ready`,
    body: `<p>Hi {{customerFirstName}},</p><p>{{contributorName}} uploaded a revised draft of your ${noun} for order {{orderId}}, based on your feedback.</p>`,
    button_text: 'Review your draft',
    fields: ['contributorName', 'serviceName'],
  }),
])

/** The default templates of the settings screen, in the order each channel lists them. */
export const CHANNEL_TEMPLATES: DefaultTemplate[] = [
  customerTemplate({
    code: 'contributor_assigned',
    between: 'adminToCustomer',
    description: 'Sent to the customer when a contributor is assigned to their order.',
    subject: 'A contributor has been assigned to your order',
    title: 'Meet your contributor',
    body: '<p>Hi {{customerFirstName}},</p><p>Good news: {{contributorName}} will work on your order <strong>{{productName}}</strong> ({{orderId}}).</p><p>You can follow the progress and chat with your contributor in your portal.</p>',
    button_text: 'View your order',
    fields: ['contributorName'],
  }),
  customerTemplate({
    code: 'order_received',
    between: 'adminToCustomer',
    description: 'Sent to the customer after their order is placed.',
    subject: 'We received your order {{orderId}}',
    title: 'Thank you for your order',
    body: '<p>Hi {{customerFirstName}},</p><p>Thank you for ordering <strong>{{productName}}</strong> from {{companyName}}. Your order number is {{orderId}}.</p><p>We will let you know as soon as a contributor starts working on it.</p>',
    button_text: 'View your order',
  }),
  customerTemplate({
    code: 'invoice_created',
    between: 'adminToCustomer',
    description: 'Sent to the customer when an invoice is created for their order.',
    subject: 'New invoice from {{companyName}}',
    title: 'You have a new invoice',
    body: '<p>Hi {{customerFirstName}},</p><p>An invoice of <strong>{{invoiceAmount}}</strong> for {{productName}} is ready (invoice {{invoiceNumber}}).</p>',
    button_text: 'View invoice',
    fields: ['invoiceNumber', 'invoiceAmount'],
  }),
  customerTemplate({
    code: 'invoice_payment_received',
    between: 'adminToCustomer',
    description: 'Sent to the customer when the payment of their invoice is received.',
    subject: 'Payment received: {{invoiceAmount}}',
    title: 'Thank you for your payment',
    body: '<p>Hi {{customerFirstName}},</p><p>We received your payment of <strong>{{invoiceAmount}}</strong> for {{productName}} (invoice {{invoiceNumber}}).</p>',
    button_text: 'View receipt',
    fields: ['invoiceNumber', 'invoiceAmount'],
  }),
  customerTemplate({
    code: 'form_response_received',
    between: 'adminToCustomer',
    description: 'Sent to the customer when their answers to a form are received.',
    subject: 'We received your answers to {{formName}}',
    title: 'Thanks for your answers',
    body: '<p>Hi {{customerFirstName}},</p><p>We received your answers to <strong>{{formName}}</strong> for order {{orderId}}. Your contributor will use them for your documents.</p>',
    button_text: 'View your order',
    fields: ['formName'],
  }),

  contributorTemplate({
    code: 'draft_approved',
    between: 'adminToWriter',
    description: 'Sent to the contributor when an admin approves their draft.',
    subject: 'Your draft for {{productName}} was approved',
    title: 'Draft approved',
    body: '<p>Hi {{contributorFirstName}},</p><p>Your draft of {{serviceName}} for order {{orderId}} ({{customerName}}) was approved and sent to the customer.</p>',
    button_text: 'Open the order',
    fields: ['serviceName'],
    offWhen: APPROVAL_OFF,
  }),
  contributorTemplate({
    code: 'draft_rejected',
    between: 'adminToWriter',
    description: 'Sent to the contributor when an admin sends their draft back with a reason.',
    subject: 'Your draft for {{productName}} needs changes',
    title: 'Draft needs changes',
    body: '<p>Hi {{contributorFirstName}},</p><p>Your draft of {{serviceName}} for order {{orderId}} was sent back with this note:</p><blockquote>{{rejectionReason}}</blockquote><p>Please upload a new draft.</p>',
    button_text: 'Open the order',
    fields: ['serviceName', 'rejectionReason'],
    offWhen: APPROVAL_OFF,
  }),
  {
    code: 'order_assigned',
    between: 'adminToWriter',
    brand: 'organisation',
    description: 'Sent to the contributor when one or more orders are assigned to them.',
    subject: '{{ordersAssigned}} assigned to you',
    title: '{{ordersAssigned}} for you',
    body: '<p>Hello {{contributorFirstName}},</p><p>{{companyName}} assigned you:</p><p>{{orderList}}</p><p>{{assignmentNote}}</p>',
    button_text: 'Sign in to start',
    fields: ['contributorFirstName', 'contributorName', 'companyName', 'ordersAssigned', 'orderList', 'assignmentNote'],
  },
  contributorTemplate({
    code: 'order_reassigned',
    between: 'adminToWriter',
    description: 'Sent to a contributor when an order is reassigned to them from another contributor.',
    subject: 'Order {{orderId}} was reassigned to you',
    title: 'An order was reassigned to you',
    body: '<p>Hello {{contributorFirstName}},</p><p>{{companyName}} reassigned order {{orderId}} ({{productName}} for {{customerName}}) to you. The earlier drafts and the chat are in the order.</p><p>{{assignmentNote}}</p>',
    button_text: 'Open the order',
    fields: ['assignmentNote'],
  }),
  contributorTemplate({
    code: 'admin_team_chat',
    between: 'adminToWriter',
    description: 'Sent to the contributor when the admin team writes to them in the team chat.',
    subject: 'New message from {{companyName}}',
    title: 'You have a new message',
    body: '<p>Hi {{contributorFirstName}},</p><p>{{senderName}} wrote about order {{orderId}}:</p><blockquote>{{message}}</blockquote>',
    button_text: 'Reply in the chat',
    fields: ['senderName', 'message'],
  }),
  contributorTemplate({
    code: 'order_due_soon',
    between: 'adminToWriter',
    description: 'Sent to the contributor once when an order of theirs that is not complete is due within 24 hours.',
    subject: 'Order {{orderId}} is due within 24 hours',
    title: 'Due within 24 hours',
    body: '<p>Hi {{contributorFirstName}},</p><p>Order {{orderId}} ({{productName}} for {{customerName}}) is due on {{dueDate}} and is not complete yet.</p>',
    button_text: 'Open the order',
    fields: ['dueDate'],
  }),

  ...draftTemplates,
  customerTemplate({
    code: 'draft_auto_accept_reminder',
    between: 'adminToCustomer',
    description: 'Sent to the customer two days before a draft they have not answered is accepted for them.',
    subject: 'Your draft will be accepted on {{autoAcceptDate}}',
    title: 'Your draft is waiting for you',
    body: '<p>Hi {{customerFirstName}},</p><p>Your draft of {{serviceName}} for order {{orderId}} is waiting for your answer. If you do not accept it or ask for a revision, it will be accepted for you on {{autoAcceptDate}}.</p>',
    button_text: 'Review your draft',
    fields: ['serviceName', 'autoAcceptDate'],
  }),
  customerTemplate({
    code: 'follow_up_questions',
    between: 'writerToCustomer',
    description: 'Sent to the customer when their contributor sends follow-up questions.',
    subject: 'Your contributor has a few questions',
    title: 'Follow-up questions',
    body: '<p>Hi {{customerFirstName}},</p><p>{{contributorName}} has a few follow-up questions about order {{orderId}}. Your answers help us get your documents right.</p>',
    button_text: 'Answer the questions',
    fields: ['contributorName'],
  }),
  customerTemplate({
    code: 'final_documents_uploaded',
    between: 'writerToCustomer',
    description: 'Sent to the customer when the final documents of their order are uploaded.',
    subject: 'Your final documents are ready',
    title: 'Your final documents are ready',
    body: '<p>Hi {{customerFirstName}},</p><p>The final documents of your order {{orderId}} ({{productName}}) are ready to download.</p>',
    button_text: 'Download your documents',
    fields: ['contributorName'],
  }),
  customerTemplate({
    code: 'final_documents_reuploaded',
    between: 'writerToCustomer',
    description: 'Sent to the customer when the final documents of their order are uploaded again.',
    subject: 'Your final documents were updated',
    title: 'Updated final documents',
    body: '<p>Hi {{customerFirstName}},</p><p>{{contributorName}} uploaded new versions of the final documents of order {{orderId}}.</p>',
    button_text: 'Download your documents',
    fields: ['contributorName'],
  }),

  contributorTemplate({
    code: 'appointment_scheduled',
    between: 'customerToWriter',
    description: 'Sent to the contributor when the customer books an appointment.',
    subject: '{{customerName}} booked an appointment',
    title: 'New appointment',
    body: '<p>Hi {{contributorFirstName}},</p><p>{{customerName}} booked an appointment for order {{orderId}} on {{appointmentDate}}.</p>',
    button_text: 'Open the order',
    fields: ['appointmentDate'],
  }),
  contributorTemplate({
    code: 'form_response_submitted',
    between: 'customerToWriter',
    description: 'Sent to the contributor when the customer submits their answers to a form.',
    subject: '{{customerName}} answered {{formName}}',
    title: 'New form response',
    body: '<p>Hi {{contributorFirstName}},</p><p>{{customerName}} submitted their answers to <strong>{{formName}}</strong> for order {{orderId}}.</p>',
    button_text: 'View the answers',
    fields: ['formName'],
  }),
  contributorTemplate({
    code: 'draft_review_added',
    between: 'customerToWriter',
    description: 'Sent to the contributor when the customer rates and reviews their draft.',
    subject: '{{customerName}} reviewed your draft',
    title: 'New draft review',
    body: '<p>Hi {{contributorFirstName}},</p><p>{{customerName}} rated your draft of {{serviceName}} (order {{orderId}}) {{rating}} out of 5:</p><blockquote>{{review}}</blockquote>',
    button_text: 'Open the order',
    fields: ['serviceName', 'rating', 'review'],
    offWhen: RATING_OFF,
  }),
  contributorTemplate({
    code: 'revision_requested',
    between: 'customerToWriter',
    description: 'Sent to the contributor when the customer asks for a revision of their draft.',
    subject: '{{customerName}} asked for a revision',
    title: 'Revision requested',
    body: '<p>Hi {{contributorFirstName}},</p><p>{{customerName}} asked for a revision of your draft of {{serviceName}} for order {{orderId}}:</p><blockquote>{{revisionNotes}}</blockquote><p>Please upload a new draft.</p>',
    button_text: 'Open the order',
    fields: ['serviceName', 'revisionNotes'],
  }),
  contributorTemplate({
    code: 'draft_finalized',
    between: 'customerToWriter',
    description: 'Sent to the contributor when the customer accepts a draft as final.',
    subject: '{{customerName}} finalized the draft',
    title: 'Draft finalized',
    body: '<p>Hi {{contributorFirstName}},</p><p>{{customerName}} accepted your draft of {{serviceName}} for order {{orderId}}. Please prepare the final documents.</p>',
    button_text: 'Open the order',
    fields: ['serviceName'],
  }),
  contributorTemplate({
    code: 'documents_uploaded',
    between: 'customerToWriter',
    description: 'Sent to the contributor when the customer uploads documents for their order.',
    subject: '{{customerName}} uploaded documents',
    title: 'New documents from your customer',
    body: '<p>Hi {{contributorFirstName}},</p><p>{{customerName}} uploaded documents for order {{orderId}}.</p>',
    button_text: 'View the documents',
  }),
]

/** Account, billing and reminder mails: rendered the same way, not listed or customisable (ADR 0045). */
export const SYSTEM_TEMPLATES: DefaultTemplate[] = [
  {
    code: 'two_factor_code',
    between: null,
    brand: 'organisation',
    description: 'The e-mailed sign-in code of two-factor authentication.',
    subject: 'Your verification code',
    title: 'Your verification code',
    body: '<p>Your verification code is <strong>{{code}}</strong>.</p><p>It expires in 10 minutes. If you did not try to sign in, change your password.</p>',
    button_text: '',
    fields: ['code'],
  },
  {
    code: 'password_reset',
    between: null,
    brand: 'organisation',
    description: 'The link to choose a new password.',
    subject: 'Reset your password for {{realmName}}',
    title: 'Reset your password',
    body: '<p>We received a request to reset your <strong>{{realmName}}</strong> password.</p><p>The link works once, within 60 minutes. If you did not ask for this, ignore this e-mail.</p>',
    button_text: 'Choose a new password',
    fields: ['realmName'],
  },
  {
    code: 'email_change_confirm',
    between: null,
    brand: 'organisation',
    description: 'The link that confirms a new sign-in address, sent to that address.',
    subject: 'Confirm your new e-mail address for {{realmName}}',
    title: 'Confirm your new e-mail address',
    body: '<p>Open the link within 24 hours to make <strong>{{newEmail}}</strong> the sign-in address of your {{realmName}} account.</p><p>If you did not ask for this, ignore this e-mail: nothing changes.</p>',
    button_text: 'Confirm my new e-mail address',
    fields: ['realmName', 'newEmail'],
  },
  {
    code: 'email_change_requested',
    between: null,
    brand: 'organisation',
    description: 'Word to the old address that a change of sign-in address was asked for.',
    subject: 'A change of your e-mail address was requested for {{realmName}}',
    title: 'A change of your e-mail address was requested',
    body: '<p>Someone signed in to your {{realmName}} account asked to change its e-mail address to <strong>{{newEmail}}</strong>. Nothing changes until the link sent to that address is opened.</p><p>If this was not you, change your password now.</p>',
    button_text: '',
    fields: ['realmName', 'newEmail'],
  },
  {
    code: 'email_changed',
    between: null,
    brand: 'organisation',
    description: 'Word to the old address that the sign-in address was changed.',
    subject: 'Your e-mail address was changed',
    title: 'Your e-mail address was changed',
    body: '<p>The sign-in address of your account was changed from {{oldEmail}} to <strong>{{newEmail}}</strong>.</p><p>If this was not you, contact your administrator at once.</p>',
    button_text: '',
    fields: ['oldEmail', 'newEmail'],
  },
  {
    // No password travels by e-mail (ADR 0059): the link lets the customer choose their own.
    code: 'customer_welcome',
    between: null,
    brand: 'organisation',
    description: 'A customer account an admin created: a link to choose a password.',
    subject: 'Welcome to {{companyName}}',
    title: 'Welcome to {{companyName}}',
    body: '<p>Hello {{customerFirstName}},</p><p>{{companyName}} created an account for you with the e-mail address {{customerEmail}}.</p><p>Choose your password with the button below. The link works once, within 7 days; after that, use "Forgot password?" on the sign-in page.</p>',
    button_text: 'Choose your password',
    fields: ['customerFirstName', 'companyName', 'customerEmail'],
  },
  {
    code: 'customer_sign_in_link',
    between: null,
    brand: 'organisation',
    description: "A customer's single-use sign-in link, asked for on the sign-in page.",
    subject: 'Your sign-in link for {{companyName}}',
    title: 'Sign in to {{companyName}}',
    body: '<p>Hello {{customerFirstName}},</p><p>Use the button below to sign in. The link works once, within 15 minutes.</p><p>If you did not ask for it, ignore this e-mail: nobody can use it without access to your mailbox.</p>',
    button_text: 'Sign in',
    fields: ['customerFirstName', 'companyName'],
  },
  {
    code: 'portal_welcome',
    between: null,
    brand: 'platform',
    description: 'Sent to the owner of a new organisation after the checkout.',
    subject: 'Welcome to {{companyName}}',
    title: 'Your portal is ready',
    body: '<p>Hi {{firstName}},</p><p>Your portal (<strong>{{subdomain}}</strong>) is ready. Sign in with this e-mail address.</p>',
    button_text: 'Sign in',
    fields: ['firstName', 'companyName', 'subdomain'],
  },
  {
    // Word to every owner whenever the custom domain changes (issue 28): a change they did not make is seen at once.
    code: 'custom_domain_changed',
    between: null,
    brand: 'platform',
    description: "Sent to the organisation's owners whenever its custom domain is set, replaced or released.",
    subject: 'The custom domain of {{companyName}} changed',
    title: 'Your custom domain changed',
    body: '<p>Hello {{firstName}},</p><p>The custom domain of {{companyName}} changed from <strong>{{previousDomain}}</strong> to <strong>{{customDomain}}</strong>.</p><p>If you did not make this change, sign in and review your domain settings now.</p>',
    button_text: 'Review the domain',
    fields: ['firstName', 'companyName', 'customDomain', 'previousDomain'],
  },
  {
    code: 'billing_trial_ending',
    between: null,
    brand: 'platform',
    description: "The organisation's trial ends within days.",
    subject: 'Your trial ends soon',
    title: 'Your trial ends soon',
    body: '<p>Hello {{firstName}},</p><p>The trial of {{companyName}} ends {{trialEnd}}. Choose a plan to keep working without a break.</p>',
    button_text: 'Choose a plan',
    fields: ['firstName', 'companyName', 'trialEnd'],
  },
  {
    code: 'billing_payment_failed',
    between: null,
    brand: 'platform',
    description: "The organisation's subscription payment failed.",
    subject: 'Your payment failed',
    title: 'Your payment failed',
    body: '<p>Hello {{firstName}},</p><p>We could not take the subscription payment of {{companyName}}. Please update your card and pay the open invoice.</p>',
    button_text: 'Pay the open invoice',
    fields: ['firstName', 'companyName'],
  },
  {
    code: 'billing_account_locked',
    between: null,
    brand: 'platform',
    description: 'The organisation has been past due for 8 days and is locked.',
    subject: 'Your account is locked',
    title: 'Your account is locked',
    body: '<p>Hello {{firstName}},</p><p>The subscription of {{companyName}} has been past due for 8 days, so the account is locked until the invoice is paid.</p>',
    button_text: 'Pay the open invoice',
    fields: ['firstName', 'companyName'],
  },
  {
    // Older callers that write their own subject and body (ADR 0045): framed like every other mail.
    code: 'message',
    between: null,
    brand: 'organisation',
    description: 'A message whose subject and body the sending code writes itself.',
    subject: 'A message from {{companyName}}',
    title: '',
    body: '<p></p>',
    button_text: '',
    fields: ['companyName'],
  },
  {
    // Subject and body come from the workflow's reminder; this template gives the frame.
    code: 'workflow_reminder',
    between: null,
    brand: 'organisation',
    description: 'A reminder of a workflow module, with the subject and body set on the workflow.',
    subject: 'Reminder: {{moduleTitle}}',
    title: 'Reminder: {{moduleTitle}}',
    body: '<p>Hi {{firstName}}, a friendly reminder about {{moduleTitle}} of order {{orderId}}.</p>',
    button_text: 'Open your portal',
    fields: ['firstName', 'customerName', 'customerFirstName', 'contributorName', 'contributorFirstName', 'companyName', 'productName', 'serviceName', 'moduleTitle', 'orderId'],
  },
]

const BY_CODE = new Map([...CHANNEL_TEMPLATES, ...SYSTEM_TEMPLATES].map((t) => [t.code, t]))

export function defaultTemplate(code: string): DefaultTemplate | undefined {
  return BY_CODE.get(code)
}

export function channelTemplates(channel: EmailChannel): DefaultTemplate[] {
  return CHANNEL_TEMPLATES.filter((t) => t.between === channel)
}

export function isCustomisable(code: string): boolean {
  return !!BY_CODE.get(code)?.between
}

export function dynamicFields(template: Pick<DefaultTemplate, 'fields'>): DynamicField[] {
  return template.fields.map((key) => ({ key, ...FIELDS[key] }))
}

export function sampleFields(template: Pick<DefaultTemplate, 'fields'>): Record<string, string> {
  return Object.fromEntries(template.fields.map((key) => [key, FIELDS[key].sample]))
}

/** `{{ key }}`: letters, digits and underscores, starting with a letter. */
export const FIELD_TOKEN = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g

/**
 * Replaces each `{{key}}` that has a value with `encode(value)`; a key without a value stays as it
 * was typed, so the preview shows a misspelt field instead of silently dropping it.
 */
export function fillFields(template: string, values: Readonly<Record<string, string>>, encode: (value: string) => string = (v) => v): string {
  return template.replace(FIELD_TOKEN, (token, key: string) => (Object.hasOwn(values, key) ? encode(values[key]!) : token))
}

/** The keys a text uses, in order of first use. */
export function fieldsUsed(text: string): string[] {
  return [...new Set([...text.matchAll(FIELD_TOKEN)].map((m) => m[1]!))]
}

/** Whether the product sends this template under the organisation's current website settings. */
export function isOff(template: Pick<DefaultTemplate, 'offWhen'>, settings: Partial<Record<string, boolean>>): boolean {
  return !!template.offWhen && !!settings[template.offWhen.setting] === template.offWhen.value
}
