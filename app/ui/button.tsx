// Buttons and button-styled links in the house colours.
import { Link, type LinkProps } from '@remix-run/react'
import { forwardRef } from 'react'
import { cn } from './cn'

type Variant = 'primary' | 'secondary' | 'ghost'

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-brand-600',
  secondary: 'bg-white text-gray-900 ring-1 ring-inset ring-gray-300 hover:bg-gray-50 focus-visible:outline-brand-600',
  ghost: 'text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-brand-600',
}

export function buttonClass(variant: Variant = 'primary', className?: string) {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-medium shadow-xs',
    'focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-50',
    VARIANTS[variant],
    className,
  )
}

export const Button = forwardRef<HTMLButtonElement, React.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }>(
  function Button({ variant = 'primary', className, type = 'button', ...props }, ref) {
    return <button ref={ref} type={type} className={buttonClass(variant, className)} {...props} />
  },
)

export function ButtonLink({ variant = 'primary', className, ...props }: LinkProps & { variant?: Variant }) {
  return <Link className={buttonClass(variant, className)} {...props} />
}
