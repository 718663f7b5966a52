// Buttons and button-styled links in the house colours.
import { Link, type LinkProps } from '@remix-run/react'
import { forwardRef } from 'react'
import { cn } from './cn'

type Variant = 'primary' | 'secondary' | 'ghost'

/**
 * The classes of a button: .btn and .btn-<variant> (tailwind.css), so a table with a button per row
 * does not repeat the same twenty utilities in every row; utilities in `className` still win.
 */
export function buttonClass(variant: Variant = 'primary', className?: string) {
  return cn('btn', `btn-${variant}`, className)
}

export const Button = forwardRef<HTMLButtonElement, React.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }>(function Button(
  { variant = 'primary', className, type = 'button', ...props },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClass(variant, className)} {...props} />
})

export function ButtonLink({ variant = 'primary', className, ...props }: LinkProps & { variant?: Variant }) {
  return <Link className={buttonClass(variant, className)} {...props} />
}
