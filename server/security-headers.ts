// The security headers every response carries: a nonce-based Content-Security-Policy (widened only
// for third-party widgets that are configured), Permissions-Policy and, in production, HSTS.

export type CspOptions = {
  nonce: string
  /** The configured public origin; its ws(s) twin is allowed for the app's websocket. */
  publicOrigin: string
  production: boolean
  intercom: boolean
  analytics: boolean
  /** Stripe Elements at checkout (a publishable key is configured). */
  stripe?: boolean
}

// What the customer-chat widget loads besides its scripts (Intercom's published CSP list).
const INTERCOM = {
  'connect-src': [
    'https://via.intercom.io',
    'https://*.intercom.io',
    'wss://*.intercom.io',
    'https://*.intercom-messenger.com',
    'wss://*.intercom-messenger.com',
    'https://uploads.intercomcdn.com',
    'https://uploads.intercomcdn.eu',
    'https://uploads.au.intercomcdn.com',
    'https://uploads.eu.intercomcdn.com',
    'https://uploads.intercomusercontent.com',
  ],
  'img-src': [
    'https://js.intercomcdn.com',
    'https://static.intercomassets.com',
    'https://downloads.intercomcdn.com',
    'https://uploads.intercomusercontent.com',
    'https://gifs.intercomcdn.com',
    'https://video-messages.intercomcdn.com',
    'https://messenger-apps.intercom.io',
    'https://*.intercom-attachments-5.com',
    'https://*.intercom-attachments-6.com',
    'https://*.intercom-attachments-9.com',
  ],
  'font-src': ['https://js.intercomcdn.com', 'https://fonts.intercomcdn.com'],
  'media-src': ['https://js.intercomcdn.com'],
  'frame-src': ['https://intercom-sheets.com', 'https://www.intercom-reporting.com', 'https://www.youtube.com', 'https://player.vimeo.com', 'https://fast.wistia.net'],
  'form-action': ['https://intercom.help', 'https://api-iam.intercom.io', 'https://api-iam.eu.intercom.io', 'https://api-iam.au.intercom.io'],
} as const

const ANALYTICS = {
  'connect-src': ['https://api.segment.io', 'https://cdn.segment.com'],
} as const

// Stripe.js and its Elements frames (Stripe's published CSP list).
const STRIPE = {
  'connect-src': ['https://api.stripe.com', 'https://m.stripe.network'],
  'frame-src': ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  'img-src': ['https://*.stripe.com'],
} as const

function websocketOrigin(origin: string): string {
  return origin.replace(/^http/, 'ws')
}

/**
 * Scripts run only with this response's nonce; 'strict-dynamic' lets those scripts load the route
 * chunks and the optional widgets, while host allow-lists (ignored next to it) never widen it.
 */
export function contentSecurityPolicy(o: CspOptions): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': [`'nonce-${o.nonce}'`, "'strict-dynamic'"],
    // Headless UI and the charts set inline styles; styles cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", websocketOrigin(o.publicOrigin)],
    'media-src': ["'self'"],
    'frame-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': ["'self'"],
    'form-action': ["'self'"],
  }
  const extras = [...(o.intercom ? [INTERCOM] : []), ...(o.analytics ? [ANALYTICS] : []), ...(o.stripe ? [STRIPE] : [])]
  for (const extra of extras) {
    for (const [name, sources] of Object.entries(extra)) directives[name] = [...directives[name]!, ...sources]
  }
  const policy = Object.entries(directives).map(([name, sources]) => `${name} ${sources.join(' ')}`)
  if (o.production) policy.push('upgrade-insecure-requests')
  return policy.join('; ')
}

const NONCE_SLOT = '\u0000nonce\u0000'

/**
 * The policy for one configuration, built once: each response only puts its nonce in (ADR 0114). The same
 * text as contentSecurityPolicy gives.
 */
export function contentSecurityPolicyFor(o: Omit<CspOptions, 'nonce'>): (nonce: string) => string {
  const [before, after] = contentSecurityPolicy({ ...o, nonce: NONCE_SLOT }).split(NONCE_SLOT) as [string, string]
  return (nonce) => `${before}${nonce}${after}`
}

/** Powerful features stay off; payment stays available to our own pages for the checkout. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(self), usb=(), serial=(), bluetooth=(), hid=(), midi=(), display-capture=()'

export const HSTS = 'max-age=31536000; includeSubDomains'
