// Inline notices: banners above the page and error messages inside it.
import { cn } from './cn'

type Tone = 'info' | 'warning' | 'danger' | 'success'

const TONES: Record<Tone, string> = {
  info: 'bg-brand-50 text-brand-700 ring-brand-100',
  warning: 'bg-amber-50 text-amber-800 ring-amber-200',
  danger: 'bg-red-50 text-red-800 ring-red-200',
  success: 'bg-green-50 text-green-800 ring-green-200',
}

export function Alert({
  tone = 'info',
  className,
  children,
  role = tone === 'danger' ? 'alert' : 'status',
  lang,
}: {
  tone?: Tone
  className?: string
  children: React.ReactNode
  role?: 'alert' | 'status'
  /** The language of a translated alert (the shell's banners) when it is not the page's. */
  lang?: string
}) {
  return (
    <div role={role} lang={lang} className={cn('flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md px-4 py-2.5 text-sm ring-1 ring-inset', TONES[tone], className)}>
      {children}
    </div>
  )
}
