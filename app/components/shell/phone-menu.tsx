// The phone's navigation (below md, ADR 0070): the top bar's menu button; the drawer it opens
// (phone-drawer.tsx) is fetched when first opened (ADR 0077). Without JavaScript the button is a link to
// the sidebar's plain list after the content (#sidebar).
import { t, type Language } from '#app/i18n/index'
import { Icon } from './icons'

const BUTTON = 'portal-topbar-control rounded-md p-1.5 md:hidden'

/** The menu button: a button opening the drawer once hydrated, a link down to the sidebar's list before that. */
export function MenuButton({
  lang,
  hydrated,
  open,
  onOpen,
  buttonRef,
}: {
  lang: Language
  hydrated: boolean
  open: boolean
  onOpen: () => void
  /** Where the drawer gives the focus back when it closes. */
  buttonRef?: React.Ref<HTMLButtonElement>
}) {
  const content = (
    <>
      <Icon name="bars" className="size-6" />
      <span className="sr-only">{t(lang, 'top.menu')}</span>
    </>
  )
  if (!hydrated) {
    return (
      <a href="#sidebar" className={BUTTON}>
        {content}
      </a>
    )
  }
  return (
    <button ref={buttonRef} type="button" aria-haspopup="dialog" aria-expanded={open} onClick={onOpen} className={BUTTON}>
      {content}
    </button>
  )
}
