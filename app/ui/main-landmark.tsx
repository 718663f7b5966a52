// The page's one <main>: the shells render it (with the skip link's target), and screens that may show
// either alone or inside a shell (the 403/404 pages) render a plain block when a shell already has it.
import { createContext, useContext, type ReactNode } from 'react'

export const MAIN_ID = 'content'

const InsideMain = createContext(false)

/** The shell's <main>: the skip link's target, focusable by script only (tabIndex -1). */
export function ShellMain({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <main id={MAIN_ID} tabIndex={-1} className={`focus:outline-none ${className ?? ''}`}>
      <InsideMain.Provider value={true}>{children}</InsideMain.Provider>
    </main>
  )
}

/** A <main> when alone (root error boundary, catch-all 404), a <div> inside a shell's <main>. */
export function MainOrSection({ className, children }: { className?: string; children: ReactNode }) {
  const inside = useContext(InsideMain)
  return inside ? <div className={className}>{children}</div> : <main className={className}>{children}</main>
}

/** "Skip to content": the first focusable element of a shell. */
export function SkipLink({ label, lang }: { label: string; lang?: string }) {
  return (
    <a
      lang={lang}
      href={`#${MAIN_ID}`}
      className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-gray-900 focus:shadow"
    >
      {label}
    </a>
  )
}
